import { afterNot } from '../../text/normalize.js';
import { groupNamed, saysNot, type VocabGroup, type Vocabulary } from './vocabulary.js';

/**
 * One value of an enum filter's list, as the filter reads it alone: the codes it stands for, and
 * whether it leaves values out ("not closed", "exceto pendente", "!new") rather than naming some.
 */
export interface ListPart {
  codes: readonly number[];
  narrows: boolean;
  /**
   * A group word that says "not" in itself ("unsolved"): it leaves values out beside others that do
   * and alone ("unsolved and unclosed": neither), and names its values beside values named
   * ("closed or unsolved": either).
   */
  eitherWay?: true;
}

/**
 * What `value`, one value of a list, stands for: a group word ("open"), a code or a label, or a
 * phrase with "not" before one ("not pending": every other value). A group word that starts with
 * "not" ("Not closed") or says it in itself ("unclosed") leaves values out, as it reads; a value's own
 * word that does ("not started" is New) names that value. Undefined for a value that is none of these.
 */
export function listPartOf(vocab: Vocabulary, groups: readonly VocabGroup[], value: unknown): ListPart | undefined {
  const rest = typeof value === 'string' ? afterNot(value) : undefined;
  const negated = rest !== undefined;
  // A filter takes a group's word before a value's, as it does for one value ("open": every status not solved).
  const group = groupNamed(groups, value);
  if (group) return saysNot(group, value) ? { codes: group.codes, narrows: true, eitherWay: true } : { codes: group.codes, narrows: negated };
  const leftOut = outsideGroup(vocab.codes, groups, rest);
  if (leftOut) return { codes: leftOut, narrows: true };
  const code = vocab.parse(value);
  if (code !== undefined) return { codes: [code], narrows: false };
  const phrased = negated ? vocab.valuesNamed(value) : undefined;
  return phrased ? { codes: phrased, narrows: true } : undefined;
}

/**
 * The codes a list stands for, in the vocabulary's order. Values that name some widen it (any of
 * them: "New, Pending"); values that leave some out narrow it (all of them: "not solved and not
 * closed" is neither, never either), from every value when none names any ("not new, not
 * pending"), else from those named ("open, not pending": open but pending). A word that says "not"
 * in itself (ListPart.eitherWay) names its values where another value names some.
 */
export function codesOfParts(all: readonly number[], parts: readonly ListPart[]): number[] {
  const namesSome = parts.some((p) => !p.narrows);
  const names = (p: ListPart) => !p.narrows || (namesSome && p.eitherWay === true);
  const named = new Set(parts.filter(names).flatMap((p) => p.codes));
  const narrowing = parts.filter((p) => !names(p));
  return all.filter((code) => (named.size === 0 || named.has(code)) && narrowing.every((p) => p.codes.includes(code)));
}

/**
 * The codes a word or sign for "not" before a group's word leaves ("not open": Solved and Closed),
 * none of them empty; undefined for a value that is no such phrase. A filter reads a group's word
 * before a value's after "not" as it does alone ("open" is then the group, never New).
 */
export function groupLeftOut(all: readonly number[], groups: readonly VocabGroup[], value: unknown): number[] | undefined {
  return outsideGroup(all, groups, typeof value === 'string' ? afterNot(value) : undefined);
}

/** The codes outside the group `rest` (what followed "not") names; undefined when it names none, or the group is every code. */
function outsideGroup(all: readonly number[], groups: readonly VocabGroup[], rest: string | undefined): number[] | undefined {
  const group = rest === undefined ? undefined : groupNamed(groups, rest);
  const left = group ? all.filter((code) => !group.codes.includes(code)) : [];
  return left.length > 0 ? left : undefined;
}
