import { echo } from '../../envelope/echo.js';
import type { Issue } from '../../envelope/issue.js';
import { ANY_ONE, NO_ONE } from '../../search/no-record.js';
import { afterNot } from '../../text/normalize.js';
import { operatorForm } from '../filter-operators.js';
import { eachLeftOut } from '../list-text.js';
import { isAnyoneWord, isNoneWord } from '../vocab/none-words.js';
import { type ListedName, recordsNamed } from './records-named.js';
import { ASK_FOR_ID, type Resolution } from './reference-resolver.js';
import type { FilterResolution } from './words-for-several.js';

/**
 * A filter's reference that is no name but a word or sign for "not" before one ("not me", "!tech",
 * "exceto Maria Silva", {not: "Hardware"}, {$ne: 2}): every record without it (an actor filter:
 * without that actor in the role, those with none included; a column: another value, or none).
 * On an actor filter (`actors`), not none is anyone and not anyone is none. Before several names
 * ("not tech and not maria", "exceto tech, maria", ["!tech", "!maria"], {not: ["tech", "maria"]}):
 * every record with none of them. Undefined when the value has no such word; a name after it that is
 * not found, or is several records, is refused with the issue of that name. `resolveListed` looks up
 * one name of such a list, which on a filter with words for several may be one ("not open, Closed").
 */
export async function negatedReference(
  value: unknown,
  actors: boolean,
  resolve: (name: string) => Promise<Resolution>,
  resolveListed: (name: string) => Promise<ListedName> = resolve,
): Promise<FilterResolution | undefined> {
  const text = typeof value === 'string' ? value : operatorForm(value);
  // A list of names each after "not" (["!tech", "not maria"]), or {not: [...]} written as one.
  const list = Array.isArray(value) ? value : Array.isArray(text) ? text : undefined;
  if (list) return leftOutEach(list, value, resolveListed);
  const named = typeof text === 'string' ? afterNot(text) : undefined;
  if (!named) return undefined;
  if (actors && isNoneWord(named)) return { ok: true, ...ANY_ONE };
  if (actors && isAnyoneWord(named)) return { ok: true, ...NO_ONE };
  const found = await resolve(named);
  if (found.ok) return { ok: true, id: found.id, name: found.name, not: true };
  // Not a name but a list of them ("not tech and not maria", "exceto tech, maria"): each of them left out.
  const parts = typeof text === 'string' ? eachLeftOut(text) : undefined;
  if (parts)
    return recordsNamed(
      parts.map((part) => afterNot(part)!),
      value,
      resolveListed,
      'none',
    );
  return { ok: false, issue: negatedIssue(found.issue, value) };
}

/**
 * Whether `values` are names each after a word or sign for "not" (["not tech", "!maria"]): a list
 * that a filter taking one record reads as each of them left out, not as several to search.
 */
export function isNegatedList(values: readonly unknown[]): values is string[] {
  return values.length > 0 && values.every((each) => typeof each === 'string' && afterNot(each) !== undefined);
}

/** A list each of whose values is a name after "not": each of them left out; undefined when one is not. */
function leftOutEach(values: readonly unknown[], sent: unknown, resolve: (name: string) => Promise<ListedName>): Promise<FilterResolution> | undefined {
  return isNegatedList(values)
    ? recordsNamed(
        values.map((each) => afterNot(each)!),
        sent,
        resolve,
        'none',
      )
    : undefined;
}

/**
 * The issue of the name after "not", for the value as sent: a name suggested, or an id asked for,
 * is written after "not" (the name alone is the one not meant, and sent back it would be read so).
 */
function negatedIssue(issue: Issue, value: unknown): Issue {
  const negated = (name: string) => `not ${name}`;
  const suggested = issue.did_you_mean;
  let message = issue.message.replace(ASK_FOR_ID, `Send 'not' and the id of the one you mean ('${negated('5')}').`);
  if (suggested !== undefined) message = message.replace(`'${suggested}'`, `'${negated(suggested)}'`);
  return { ...issue, received: echo(value), message, ...(suggested !== undefined ? { did_you_mean: negated(suggested) } : {}) };
}
