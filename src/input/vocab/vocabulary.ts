import { afterNot, matchKey, notAsWord } from '../../text/normalize.js';
import { clearWinner, editDistance, type Scored } from '../../text/suggest.js';

export interface VocabEntry {
  code: number;
  /** GLPI's English label (what answers show). */
  en: string;
  /** GLPI's Brazilian Portuguese label. */
  pt: string;
  /** Other words for the same value, by meaning (never by a shared word): "on hold", "waiting". */
  synonyms?: { en?: readonly string[]; pt?: readonly string[] };
}

/**
 * A word for several values of a vocabulary, taken by a field that filters by them (FieldSpec.filter):
 * "open" for every ticket status not yet solved. Its own label and words, compared as values are.
 */
export interface VocabGroup {
  en: string;
  pt: string;
  codes: readonly number[];
  words: { en: readonly string[]; pt: readonly string[] };
  /**
   * More words for it that say "not" in themselves ("unsolved", "unclosed"): in a list they leave
   * values out, as "not solved" does (list-parts.ts). Words that start with a word for "not" ("not
   * yet closed", "não fechados") read so already and stay in `words`.
   */
  wordsSayingNot?: readonly string[];
}

/** Each group's label and words as keys, made at its first use (groups are constants). */
const groupKeys = new WeakMap<VocabGroup, ReadonlySet<string>>();

function keysOf(group: VocabGroup): ReadonlySet<string> {
  let keys = groupKeys.get(group);
  if (!keys) {
    const words = [group.en, group.pt, ...group.words.en, ...group.words.pt, ...(group.wordsSayingNot ?? [])];
    groupKeys.set(group, (keys = new Set(words.map(vocabKey))));
  }
  return keys;
}

/** True when `value` is one of `group`'s words that say "not" in themselves ("unsolved"). */
export function saysNot(group: VocabGroup, value: unknown): boolean {
  if (typeof value !== 'string' || !group.wordsSayingNot) return false;
  let keys = notKeys.get(group);
  if (!keys) notKeys.set(group, (keys = new Set(group.wordsSayingNot.map(vocabKey))));
  return keys.has(vocabKey(value));
}

/** Each group's words that say "not" as keys, made at their first use (groups are constants). */
const notKeys = new WeakMap<VocabGroup, ReadonlySet<string>>();

/** The group of `groups` that `value` names by its label or a word, if any. */
export function groupNamed(groups: readonly VocabGroup[], value: unknown): VocabGroup | undefined {
  if (typeof value !== 'string' || groups.length === 0) return undefined;
  const key = vocabKey(value);
  return groups.find((g) => keysOf(g).has(key));
}

type Language = 'en' | 'pt';

interface Label {
  code: number;
  language: Language;
}

/**
 * Names a value may be written with around its level: the field's own ("high priority", "urgência
 * alta": read as the level) and those of its kin, the other fields of the same scale ("high
 * priority" sent as an urgency: the level is suggested, not read, since the value names another field).
 */
export interface FieldNames {
  own: readonly string[];
  kin?: readonly string[];
}

/** Another desk's level: "P1", "p2", "P 1", "P-3". */
const P_LEVEL = /^\s*p\s*-?\s*\d\s*$/i;

/**
 * Words a vocabulary takes for no one value but knows the meaning of ("reopen": a status to go back
 * to; "done": Solved or Closed), and what a refusal says of them instead of suggesting a value.
 */
export interface VocabNote {
  words: readonly string[];
  text: string;
}

/** A code written as text, "4" or "4.0" (as integers are taken elsewhere: "60.0"). */
const CODE_TEXT = /^\d+(?:\.0+)?$/;

/**
 * A coded enumeration with English and Brazilian Portuguese labels and synonyms. One definition
 * feeds input parsing, the JSON Schema and the descriptions, so what the docs say is what the
 * parser takes. A value is a code, a label or a synonym, compared after normalization (case,
 * accents, spaces and punctuation); a spelling mistake of one whole label or synonym is suggested,
 * never accepted, and only when no other value is as close (the margin rule of `clearWinner`).
 */
export class Vocabulary {
  private readonly byKey = new Map<string, Label>();
  private readonly notes = new Map<string, string>();
  private readonly byCode = new Map<number, VocabEntry>();
  private readonly ownNames: ReadonlySet<string>;
  private readonly kinNames: ReadonlySet<string>;

  constructor(
    readonly name: string,
    readonly entries: readonly VocabEntry[],
    names: FieldNames = { own: [] },
    notes: readonly VocabNote[] = [],
  ) {
    for (const note of notes) for (const word of note.words) this.notes.set(vocabKey(word), note.text);
    this.ownNames = new Set(names.own.map(vocabKey));
    this.kinNames = new Set((names.kin ?? []).map(vocabKey));
    for (const entry of entries) {
      this.byCode.set(entry.code, entry);
      for (const language of ['en', 'pt'] as const) {
        for (const word of [entry[language], ...(entry.synonyms?.[language] ?? [])]) {
          const key = vocabKey(word);
          const known = this.byKey.get(key);
          if (known && known.code !== entry.code) throw new Error(`Vocabulary ${name}: '${word}' means both ${known.code} and ${entry.code}`);
          if (!known) this.byKey.set(key, { code: entry.code, language });
        }
      }
    }
  }

  get codes(): number[] {
    return this.entries.map((e) => e.code);
  }

  /**
   * `value`, which parse() read as `code`, as `resolved` echoes it when it was a label or a word:
   * `{ input, id, name }`. Undefined for a code (a number, or one written as text): it names itself.
   */
  named(value: unknown, code: number): { input: string; id: number; name: string } | undefined {
    if (typeof value !== 'string' || CODE_TEXT.test(value.trim())) return undefined;
    return { input: value, id: code, name: this.label(code) ?? String(code) };
  }

  /** Accepts a code (number or numeric string), a label or a synonym, case- and accent-insensitively. */
  parse(value: unknown): number | undefined {
    if (typeof value === 'number') return this.byCode.has(value) ? value : undefined;
    if (typeof value !== 'string') return undefined;
    const trimmed = value.trim();
    if (CODE_TEXT.test(trimmed)) {
      const code = Number(trimmed);
      return this.byCode.has(code) ? code : undefined;
    }
    const key = vocabKey(trimmed);
    return this.byKey.get(key)?.code ?? this.levelBeside(key, this.ownNames)?.code;
  }

  /**
   * The codes a phrase names where this vocabulary filters, in its order: every value but one after
   * a word or sign for "not" ("not New", "!closed", "exceto pendente"); on a scale (a vocabulary with
   * its own field names: its codes count up), a level with those above or below it ("at least high",
   * ">= 4", "alta ou mais", "< medium") or the levels between two ("3-5", "medium to very high",
   * "entre baixa e alta"), and after "not" every level outside such a phrase ("not high or above").
   * Undefined for a value's own word ("not started" is New) and for a phrase that names no code.
   */
  valuesNamed(value: unknown): number[] | undefined {
    if (typeof value !== 'string' || this.parse(value) !== undefined) return undefined;
    const negated = afterNot(value);
    const notOne = negated === undefined ? undefined : this.parse(negated);
    if (notOne !== undefined) return this.codes.filter((code) => code !== notOne);
    if (negated !== undefined) {
      const inside = this.valuesNamed(negated);
      const outside = inside && this.codes.filter((code) => !inside.includes(code));
      if (outside?.length) return outside;
    }
    const key = vocabKey(value);
    if (this.ownNames.size === 0) return undefined;
    const codes = this.boundedBy(key) ?? this.between(value);
    return codes?.length ? codes : undefined;
  }

  /** The levels of a bound written before or after a level ("at least high", "alta ou mais"). */
  private boundedBy(key: string): number[] | undefined {
    for (const { pattern, keeps } of LEVEL_BOUNDS) {
      const match = pattern.exec(key);
      const level = match ? this.parse(match[1] ?? match[2]) : undefined;
      if (level !== undefined) return this.codes.filter((code) => keeps(code, level));
    }
    return undefined;
  }

  /** The levels from one to another, either first ("3-5", "medium to very high", "de baixa a alta"). */
  private between(value: string): number[] | undefined {
    const text = matchKey(value).replace(RANGE_START, '');
    for (const separator of text.matchAll(RANGE_SEPARATOR)) {
      const from = this.parse(text.slice(0, separator.index));
      const to = this.parse(text.slice(separator.index + separator[0].length));
      if (from === undefined || to === undefined) continue;
      const [low, high] = from <= to ? [from, to] : [to, from];
      return this.codes.filter((code) => code >= low && code <= high);
    }
    return undefined;
  }

  /**
   * The value `key` names once the words of `names` are taken out of it ("high priority" -> High),
   * as a label or a code; undefined when it holds none of them or nothing else.
   */
  private levelBeside(key: string, names: ReadonlySet<string>): Label | undefined {
    if (names.size === 0) return undefined;
    const words = key.split(' ');
    const rest = words.filter((word) => !names.has(word));
    if (rest.length === words.length || rest.length === 0) return undefined;
    const restKey = rest.join(' ');
    if (/^\d+$/.test(restKey)) return this.byCode.has(Number(restKey)) ? { code: Number(restKey), language: 'en' } : undefined;
    return this.byKey.get(restKey);
  }

  /**
   * The label a misspelt value meant ("Pendnte" -> "Pendente"), in the language it was written in:
   * edit distance against whole labels and synonyms only (shared words say nothing about meaning:
   * "em espera" is not "em atendimento"), within a tolerance that grows with the length, and only
   * when one value is clearly closest.
   */
  suggest(value: unknown): string | undefined {
    if (typeof value !== 'string') return undefined;
    const key = vocabKey(value);
    const kin = this.levelBeside(key, this.kinNames);
    if (kin) return this.label(kin.code, kin.language);
    const tolerance = key.length < 5 ? 0 : key.length < 9 ? 1 : 2;
    if (tolerance === 0) return undefined;
    const scored: Array<Scored<number>> = [];
    const languageOf = new Map<number, Language>();
    for (const [label, { code, language }] of this.byKey) {
      const distance = editDistance(key, label, tolerance);
      if (distance > tolerance) continue;
      scored.push({ target: code, score: distance });
      if (!languageOf.has(code) || distance === 0) languageOf.set(code, language);
    }
    const code = clearWinner(scored);
    return code === undefined ? undefined : this.label(code, languageOf.get(code));
  }

  /**
   * What a refusal adds for a value the vocabulary knows the meaning of but takes for no one value:
   * a word of its notes (VocabNote), or another desk's level ("P1", "p2"), since many desks count
   * their levels from the top and a scale here counts up from its lowest ("P1" read as level 1 would
   * be the least urgent; only a scale, a vocabulary with its own field names, says it). No value is
   * suggested for either.
   */
  caution(value: unknown): string | undefined {
    if (typeof value !== 'string') return undefined;
    const noted = this.notes.get(vocabKey(value));
    if (noted !== undefined) return noted;
    if (this.ownNames.size === 0 || !P_LEVEL.test(value)) return undefined;
    const lowest = this.entries[0];
    const highest = this.entries[this.entries.length - 1];
    return `Many desks number levels from the top (P1 the most urgent); ${this.name} here counts up: ${lowest.code} is ${lowest.en} and ${highest.code} ${highest.en}.`;
  }

  label(code: number, language: Language = 'en'): string | undefined {
    const entry = this.byCode.get(code);
    return entry ? entry[language] : undefined;
  }

  /** `{ id, name }` as search results and `applied` show enum values. */
  ref(code: number | null | undefined): { id: number; name: string } | null {
    if (code === null || code === undefined) return null;
    return { id: code, name: this.label(code) ?? String(code) };
  }

  /** Every accepted word: labels and synonyms of both languages. */
  allLabels(): string[] {
    return this.entries.flatMap((e) => [e.en, e.pt, ...(e.synonyms?.en ?? []), ...(e.synonyms?.pt ?? [])]);
  }

  /** `1 Very low/Muito baixa, 2 Low/Baixa, ...` for error messages. */
  describe(): string {
    return this.entries.map((e) => `${e.code} ${e.en}/${e.pt}`).join(', ');
  }

  /** `1 Very low, 2 Low, ...` for schemas, where every tool repeats it (Portuguese labels are accepted too). */
  describeShort(): string {
    return this.entries.map((e) => `${e.code} ${e.en}`).join(', ');
  }
}

/**
 * How values are compared: matchKey, with punctuation as spaces ("very-low", "Processing (assigned)"),
 * and a sign for "not" or for a bound before a value written as words (taking the sign as
 * punctuation read "!closed" as Closed, its opposite, and ">= high" as High alone).
 */
export function vocabKey(value: string): string {
  return matchKey(boundAsWords(notAsWord(value)))
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Signs for a bound around a level, written as the words LEVEL_BOUNDS read: ">= high", "≤ 3", "high+". */
const BOUND_SIGNS: ReadonlyArray<[RegExp, string]> = [
  [/^\s*(?:>=|≥|=>)\s*/u, 'at least '],
  [/^\s*(?:<=|≤|=<)\s*/u, 'at most '],
  [/^\s*>\s*/, 'above '],
  [/^\s*<\s*/, 'below '],
  [/\s*\+\s*$/, ' or above'],
];

function boundAsWords(value: string): string {
  for (const [sign, words] of BOUND_SIGNS) if (sign.test(value)) return value.replace(sign, words);
  return value;
}

/** A scale's bounds in words (vocabKey's), the level in the first group that matched, and the levels each keeps. */
const LEVEL_BOUNDS: ReadonlyArray<{ pattern: RegExp; keeps: (code: number, level: number) => boolean }> = [
  {
    pattern:
      /^(?:at least|min|minimum|no less than|pelo menos|no minimo|a partir de|a partir da|a partir do) (.+)$|^(.+?) (?:or above|or higher|or more|and above|and up|and higher|ou mais|ou acima|ou superior|para cima|pra cima)$/,
    keeps: (code, level) => code >= level,
  },
  {
    pattern: /^(?:above|higher than|more than|greater than|over|acima de|acima da|acima do|maior que|mais que|superior a) (.+)$/,
    keeps: (code, level) => code > level,
  },
  {
    pattern:
      /^(?:at most|max|maximum|up to|no more than|no maximo|ate) (.+)$|^(.+?) (?:or below|or lower|or less|and below|and lower|and down|ou menos|ou abaixo|ou inferior|para baixo|pra baixo)$/,
    keeps: (code, level) => code <= level,
  },
  {
    pattern: /^(?:below|lower than|less than|under|abaixo de|abaixo da|abaixo do|menor que|menos que|inferior a) (.+)$/,
    keeps: (code, level) => code < level,
  },
];

/** Words before a range of levels ("from", "between", "de", "entre"), and what separates its two ends. */
const RANGE_START = /^(?:from|between|de|da|do|entre)\s+/;
const RANGE_SEPARATOR = /\s*(?:\.\.|-|–)\s*|\s+(?:to|and|a|ate|e)\s+/g;
