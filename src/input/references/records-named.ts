import { echo, quoted } from '../../envelope/echo.js';
import { afterNot } from '../../text/normalize.js';
import type { FieldSpec } from '../field-spec.js';
import type { Resolution } from './reference-resolver.js';
import type { FilterResolution, RecordsNamed } from './words-for-several.js';

/**
 * Whether a search's reference filter reads a list of records ("tech or maria", ["Hardware",
 * "Rede"], "not tech and not maria"): those that take "not" (FieldSpec.not), whose statements read
 * a list of ids either way (`IN` and `NOT IN` on a column, `EXISTS … IN` and `NOT EXISTS … IN` on an
 * actor or a user's groups and assignments). Elsewhere a reference takes one record.
 */
export function takesList(spec: FieldSpec, searching: boolean): boolean {
  return (searching && spec.not === true) || spec.several === true;
}

/** How a list is read: any of its records (a filter), none of them (a filter after "not"), each of them (a write that acts on several). */
export type ListReading = 'any' | 'none' | 'each';

const READS: Record<ListReading, string> = { any: 'takes any', none: 'leaves out each', each: 'takes each' };

/** How `spec` reads a list of records it takes (takesList): each of them on a write, any of them on a filter. */
export function readingOf(spec: FieldSpec): ListReading {
  return spec.several ? 'each' : 'any';
}

/** Most records a filter's list may name. */
export const MOST_LISTED = 20;

/** A JSON list such a filter takes: names or ids, at most MOST_LISTED of them. */
export function isListOfNames(values: readonly unknown[]): boolean {
  return values.length <= MOST_LISTED && values.every((value) => typeof value === 'string' || typeof value === 'number');
}

/** What one name of a list stands for: one record, the records of a word for several ("open"), or why neither. */
export type ListedName = Resolution | { ok: true; ids: readonly number[]; names: readonly string[] };

/**
 * The records `names` name, each one record or a word for several, read as `reading` says: any of
 * them, none of them, or each of them. One not found is refused, named with its own hint, as is every
 * other not found (no did_you_mean: what it suggests is a part, not the value to send).
 */
export async function recordsNamed<N>(
  names: readonly N[],
  sent: unknown,
  resolve: (name: N) => Promise<ListedName>,
  reading: ListReading,
): Promise<FilterResolution> {
  return recordsOf(names, await Promise.all(names.map(resolve)), sent, reading);
}

/** recordsNamed's answer, each name already looked up (`found`, in the order of `names`). */
export function recordsOf(names: readonly unknown[], found: readonly ListedName[], sent: unknown, reading: ListReading): FilterResolution {
  const refused = notFoundAmong(names, found, sent, READS[reading]);
  if (refused) return refused;
  const records = recordsIn(found as ReadonlyArray<Extract<ListedName, { ok: true }>>);
  return reading === 'none' ? { ok: true, ...records, not: true } : { ok: true, ...records };
}

/**
 * A list some of whose names come after a word or sign for "not" and some not, the first not ("maria,
 * not joao", ["Hardware", "!Rede"]): any of the records of the others, none of those. Undefined for
 * any other list (all after "not" or none: recordsNamed's). A name not found is refused as there,
 * its hint after "not" when the name was.
 */
export async function keptAndLeftOut(
  parts: readonly unknown[],
  sent: unknown,
  resolve: (name: unknown) => Promise<ListedName>,
): Promise<FilterResolution | undefined> {
  const leftOutNames = parts.map((part) => (typeof part === 'string' ? afterNot(part) : undefined));
  if (leftOutNames[0] !== undefined || leftOutNames.every((name) => name === undefined)) return undefined;
  const found = await Promise.all(
    parts.map(async (part, i) => {
      const name = leftOutNames[i];
      if (name === undefined) return resolve(part);
      const each = await resolve(name);
      return each.ok || each.issue.did_you_mean === undefined
        ? each
        : { ok: false as const, issue: { ...each.issue, did_you_mean: `not ${each.issue.did_you_mean}` } };
    }),
  );
  const refused = notFoundAmong(parts, found, sent, 'takes any', ", leaving out those after 'not'");
  if (refused) return refused;
  const named = found as ReadonlyArray<Extract<ListedName, { ok: true }>>;
  return {
    ok: true,
    ...recordsIn(named.filter((_, i) => leftOutNames[i] === undefined)),
    except: recordsIn(named.filter((_, i) => leftOutNames[i] !== undefined)),
  };
}

/** The records found, each once, in the order named. */
function recordsIn(found: ReadonlyArray<Extract<ListedName, { ok: true }>>): RecordsNamed {
  const records = found.flatMap((each) => ('ids' in each ? each.ids.map((id, i) => ({ id, name: each.names[i] })) : [each]));
  const ids = [...new Set(records.map((r) => r.id))];
  return { ids, names: ids.map((id) => records.find((r) => r.id === id)!.name) };
}

/**
 * The refusal of a list (`reads`: how the filter reads it, `leaving`: what else it does) when a name
 * of it is not found, each such name with its own hint.
 */
function notFoundAmong(names: readonly unknown[], found: readonly ListedName[], sent: unknown, reads: string, leaving = ''): FilterResolution | undefined {
  const missing = found.flatMap((each, i) => (each.ok ? [] : [{ name: names[i], issue: each.issue }]));
  if (missing.length === 0) return undefined;
  const first = missing[0].issue;
  const each = missing.map(({ name, issue }) => `'${quoted(name)}' is not found${issue.did_you_mean ? ` (did you mean '${issue.did_you_mean}'?)` : ''}`);
  const available = first.available?.length ? ` Available: ${first.available.join(', ')}.` : '';
  const { did_you_mean: _part, ...issue } = first;
  return {
    ok: false,
    issue: {
      ...issue,
      received: echo(sent),
      message: `${first.field} ${reads} of the ${names.length} named in '${quoted(sent)}'${leaving}, and ${each.join(', ')}.${available}`,
    },
  };
}
