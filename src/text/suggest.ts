import { matchKey } from './normalize.js';

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

const NOISE_WORDS = new Set(['id', 'ids', 'the', 'a', 'de', 'do', 'da']);

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
 * How close `input` is to `candidate`, lower is closer; undefined when not plausibly meant.
 * Combines edit distance on the whole key with matching of the words inside the names, so that
 * `state` finds `projectstates_id`, `requester` finds `requester_id` and `Procesing` finds `Processing`.
 */
export function closeness(input: string, candidate: string): number | undefined {
  const a = matchKey(input);
  const b = matchKey(candidate);
  if (a.length === 0) return undefined;
  if (a === b) return 0;
  const tolerance = Math.max(1, Math.floor(Math.max(a.length, b.length) / 4));
  const distance = editDistance(a, b, tolerance);
  if (distance <= tolerance) return distance;

  // A long shared start (prioridade / priority, descricao / description) means the same word in another language.
  const prefix = commonPrefix(a, b);
  if (prefix >= 5 && prefix >= 0.6 * Math.min(a.length, b.length)) return tolerance + 1 + (Math.max(a.length, b.length) - prefix) / 10;

  const inputWords = wordsOf(input)
    .filter((w) => !NOISE_WORDS.has(w))
    .map(singular);
  const candidateWords = wordsOf(candidate)
    .filter((w) => !NOISE_WORDS.has(w))
    .map(singular);
  if (inputWords.length === 0 || candidateWords.length === 0) return undefined;
  const joined = candidateWords.join('');
  let matched = 0;
  for (const word of inputWords) {
    const hit = candidateWords.some((c) => c === word || (editDistance(c, word, 1) <= 1 && word.length > 3)) || (word.length >= 4 && joined.includes(word));
    if (hit) matched++;
  }
  if (matched === 0) return undefined;
  // Word matches rank after close spellings; more unmatched words rank lower.
  return tolerance + 1 + (inputWords.length - matched) * 2 + Math.abs(candidateWords.length - matched);
}

/** The closest candidate to `input`, or undefined when none is plausibly what was meant. */
export function closest(input: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const score = closeness(input, candidate);
    if (score !== undefined && score < bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}

/** Candidates ranked by closeness, closest first, at most `limit`. */
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
