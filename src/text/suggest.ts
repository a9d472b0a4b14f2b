import { afterNot, matchKey } from './normalize.js';

/**
 * Edit distance with adjacent transpositions (optimal string alignment): "titel" is one edit from
 * "title". Bounded: gives up (returns max + 1) once every path exceeds `max`.
 */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2] + 1);
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length];
}

/** Words of an identifier or label: `projectstates_id` -> project, states, id; `requesterId` -> requester, id. */
export function wordsOf(value: string): string[] {
  return matchKey(value.replace(/([a-z])([A-Z])/g, '$1 $2'))
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

/** Where a match on shared words starts: past any spelling's distance and any shared start's score. */
const WORD_MATCH_BASE = 100;

/**
 * Words most kinds of field have: shared alone, they say nothing of which field is meant (a
 * resolution date is not the opening `date`, a requester's name not the record's `name`).
 */
const GENERIC_WORDS = new Set(['date', 'data', 'time', 'tempo', 'name', 'nome']);

/**
 * False when two names of as many words (two or more) differ in a word by more than a slip of that
 * word: `created_at` is two edits from `created_to`, and `at` is no misspelling of `to`.
 */
function eachWordAlike(input: string, candidate: string): boolean {
  const x = wordsOf(input);
  const y = wordsOf(candidate);
  if (x.length < 2 || x.length !== y.length) return true;
  return x.every((word, i) => editDistance(word, y[i], spellingTolerance(word, y[i])) <= spellingTolerance(word, y[i]));
}

// Words that name no field alone: articles, the id word, and the `at`/`em` of a time (`created_at`, `criado_em`).
const NOISE_WORDS = new Set(['id', 'ids', 'the', 'a', 'de', 'do', 'da', 'at', 'em']);

function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  return word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word;
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/**
 * True for two short words (four letters at most) that differ in their first letter: another word,
 * not a slip of one (`by` and `my`, `rate` and `late`, `Rede` and `Sede`); a slip keeps a short
 * word's first letter. `a` and `b` are match keys.
 */
function otherShortWord(a: string, b: string): boolean {
  return Math.max(a.length, b.length) <= SHORT_WORD && a[0] !== b[0];
}

/** The most letters of a short word: one letter apart, two such words are as often two words as a slip. */
const SHORT_WORD = 4;

/** True for a text of SHORT_WORD letters or fewer (case, accents and separators aside). */
export function isShortWord(text: string): boolean {
  return matchKey(text).replace(SEPARATORS, '').length <= SHORT_WORD;
}

/** The edits a misspelling of `b` may have, `a` and `b` being match keys: one per four characters, at least one. */
export function spellingTolerance(a: string, b: string): number {
  return Math.max(1, Math.floor(Math.max(a.length, b.length) / 4));
}

/**
 * True when `input` is `candidate` misspelt or `candidate` itself (case, accents and the separators
 * between words aside): a match on its spelling, not on a word it shares. A suggestion made on
 * shared words alone is a guess that the value sent must bear out (the input parser's rule).
 */
export function spelledAlike(input: string, candidate: string): boolean {
  if (opposes(input, candidate)) return false;
  const a = matchKey(input).replace(SEPARATORS, '');
  const b = matchKey(candidate).replace(SEPARATORS, '');
  if (a.length === 0) return false;
  if (a === b || withoutIdWord(matchKey(candidate)).replace(SEPARATORS, '') === a) return true;
  const tolerance = spellingTolerance(a, b);
  return editDistance(a, b, tolerance) <= tolerance && eachWordAlike(input, candidate) && !otherShortWord(a, b);
}

const SEPARATORS = /[\s_.-]+/g;

/** Prefixes that make a word its opposite: in-active, un-assigned, non-urgent, des-ativado, dis-abled. */
const NEGATIONS = ['in', 'un', 'non', 'not', 'no', 'des', 'dis', 'de', 'im'];

/**
 * True when one of two texts is the other's opposite: by a prefix ("inactive" is not "active"), or by
 * a word or sign for "not" before one alone ("!maria" and "exceto Rede" are not "maria" and "Rede").
 */
function opposes(input: string, candidate: string, inputKey = matchKey(input), candidateKey = matchKey(candidate)): boolean {
  if ((afterNot(input) === undefined) !== (afterNot(candidate) === undefined)) return true;
  return negates(inputKey, candidateKey);
}

/** True when one of two keys is the other's opposite (`inactive`/`is_active`, `disabled`/`enabled`, `inativo`/`ativo`). */
function negates(a: string, b: string): boolean {
  const x = stem(a);
  const y = stem(b);
  if (x === y) return false;
  for (const prefix of NEGATIONS) if (x === prefix + y || y === prefix + x) return true;
  // enabled / disabled: the same word after its own prefix.
  return (x.startsWith('dis') && y.startsWith('en') && x.slice(3) === y.slice(2)) || (y.startsWith('dis') && x.startsWith('en') && y.slice(3) === x.slice(2));
}

/** A key without separators and without a leading `is_` or `has_` (`is_active` -> `active`). */
function stem(key: string): string {
  return key.replace(/^(is|has)[\s_.-]+/, '').replace(SEPARATORS, '');
}

/** A key without its trailing id word (`approver_id` -> `approver`); the key itself when it has none. */
function withoutIdWord(key: string): string {
  return key.replace(/[\s_.-]+ids?$/, '');
}

/**
 * What a text is compared as: a field's name ('field'), found by any word inside it (`state` is
 * `projectstates_id`) or by a word's other language (`prioridade`); or a record's name ('name'),
 * found only by a slip of the whole of it: a typo, case or accents, words dropped or in another order.
 */
type Rule = 'field' | 'name';

/**
 * How close `input` is to `candidate`, lower is closer; undefined when not plausibly meant.
 * Combines edit distance on the whole key with matching of the words inside the names, so that
 * `state` finds `projectstates_id`, `requester` finds `requester_id` and `Procesing` finds `Processing`.
 */
export function closeness(input: string, candidate: string, rule: Rule = 'field'): number | undefined {
  const a = matchKey(input);
  const b = matchKey(candidate);
  if (a.length === 0) return undefined;
  if (a === b) return 0;
  // `inactive` is not `is_active`, nor `disabled` `enabled`, nor `!maria` `maria`: a letter apart, the opposite meant.
  if (opposes(input, candidate, a, b)) return undefined;
  // `approver` is `approver_id`: closer than any misspelling of another name.
  if (withoutIdWord(b) === a) return 0.5;
  const tolerance = spellingTolerance(a, b);
  const distance = editDistance(a, b, tolerance);
  if (distance <= tolerance && eachWordAlike(input, candidate) && !otherShortWord(a, b)) return distance;

  // A long shared start (prioridade / priority, descricao / description) means the same word in another language.
  const prefix = commonPrefix(a, b);
  if (rule === 'field' && prefix >= 5 && prefix >= 0.6 * Math.min(a.length, b.length) && eachWordAlike(input, candidate))
    return tolerance + 1 + (Math.max(a.length, b.length) - prefix) / 10;

  const inputWords = wordsOf(input)
    .filter((w) => !NOISE_WORDS.has(w))
    .map(singular);
  const candidateWords = wordsOf(candidate)
    .filter((w) => !NOISE_WORDS.has(w))
    .map(singular);
  if (inputWords.length === 0 || candidateWords.length === 0) return undefined;
  const joined = candidateWords.join('');
  let matched = 0;
  let telling = false;
  for (const word of inputWords) {
    const hit = candidateWords.some((c) => c === word || (editDistance(c, word, 1) <= 1 && word.length > 4)) || (word.length >= 4 && joined.includes(word));
    if (!hit) continue;
    matched++;
    if (!GENERIC_WORDS.has(word)) telling = true;
  }
  if (matched === 0 || !telling) return undefined;
  // A record's name is meant whole: the words sent are all in it (some dropped, in any order). A word
  // it lacks says another record was meant, not this one (Migração CRM is not Migração ERP).
  if (rule === 'name' && matched < inputWords.length) return undefined;
  // Word matches rank after every close spelling, by their words alone (not by the names' lengths,
  // which would make created_to closer to created_at than created_from is); more unmatched words rank lower.
  return WORD_MATCH_BASE + (inputWords.length - matched) * 2 + Math.abs(candidateWords.length - matched);
}

/**
 * How much better than every other target a suggestion's score must be (scores are in edit units:
 * 0 equal, 1 one typo or a matching alias word). Every suggester (enum labels, field names,
 * reference names, dates) goes through `clearWinner`, so a hint is made only when it is clearly the
 * one meant: two readings of a date, two namesakes or two labels one typo away each say nothing
 * (or list the candidates) instead of tossing a coin.
 */
export const SUGGESTION_MARGIN = 1;

export interface Scored<T> {
  target: T;
  score: number;
}

/** Each target's best (lowest) score: a target reached by several words counts once, by its best. */
function bestScores<T>(scored: Iterable<Scored<T>>): Map<T, number> {
  const best = new Map<T, number>();
  for (const { target, score } of scored) {
    const known = best.get(target);
    if (known === undefined || score < known) best.set(target, score);
  }
  return best;
}

/** The target whose best score beats every other target's by SUGGESTION_MARGIN; undefined when none does. */
export function clearWinner<T>(scored: Iterable<Scored<T>>): T | undefined {
  const ranked = [...bestScores(scored).entries()].sort((a, b) => a[1] - b[1]);
  if (ranked.length === 0) return undefined;
  if (ranked.length > 1 && ranked[1][1] - ranked[0][1] < SUGGESTION_MARGIN) return undefined;
  return ranked[0][0];
}

/** The targets sharing the best score (two or more: an ambiguity to show, not a suggestion). */
export function bestTied<T>(scored: Iterable<Scored<T>>): T[] {
  const best = bestScores(scored);
  const top = Math.min(...best.values());
  return [...best.entries()].filter(([, score]) => score - top < SUGGESTION_MARGIN).map(([target]) => target);
}

/** The record's name clearly closest to `input`, by the 'name' rule of closeness (then the margin rule), or undefined. */
export function closestName(input: string, names: Iterable<string>): string | undefined {
  return closestNameOf(
    input,
    [...names].map((n) => [n, n] as const),
  );
}

/** As `closestName`, for texts that stand for a record's name (a tree path cut to the depth sent). */
export function closestNameOf<T>(input: string, candidates: Iterable<readonly [text: string, target: T]>): T | undefined {
  return clearWinner(scoredBy(input, candidates, 'name'));
}

/** The candidate clearly closest to `input` (closeness, then the margin rule), or undefined. */
export function closest(input: string, candidates: Iterable<string>): string | undefined {
  return closestOf(
    input,
    [...candidates].map((c) => [c, c] as const),
  );
}

/** As `closest`, for candidate texts that stand for a target (a field's aliases stand for the field). */
export function closestOf<T>(input: string, candidates: Iterable<readonly [text: string, target: T]>): T | undefined {
  return clearWinner(scoredBy(input, candidates));
}

/** The targets as close as the closest of them (by their texts' closeness to `input`); none when nothing is close. */
export function closestTied<T>(input: string, candidates: Iterable<readonly [text: string, target: T]>): T[] {
  const scored = scoredBy(input, candidates);
  return scored.length === 0 ? [] : bestTied(scored);
}

/** Each target whose text is close to `input`, with its closeness. */
function scoredBy<T>(input: string, candidates: Iterable<readonly [text: string, target: T]>, rule: Rule = 'field'): Array<Scored<T>> {
  const scored: Array<Scored<T>> = [];
  for (const [text, target] of candidates) {
    const score = closeness(input, text, rule);
    if (score !== undefined) scored.push({ target, score });
  }
  return scored;
}

/** Candidates ranked by closeness, closest first, at most `limit` (lists of options, not a single hint). */
export function rankClosest(input: string, candidates: Iterable<string>, limit = 3): string[] {
  const scored: Array<[string, number]> = [];
  for (const candidate of candidates) {
    const score = closeness(input, candidate);
    if (score !== undefined) scored.push([candidate, score]);
  }
  return scored
    .sort((x, y) => x[1] - y[1] || x[0].localeCompare(y[0]))
    .slice(0, limit)
    .map(([name]) => name);
}
