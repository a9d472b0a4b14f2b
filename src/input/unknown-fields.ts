import { DURATION_UNIT } from '../dates/duration.js';
import { quoted } from '../envelope/echo.js';
import type { Issue } from '../envelope/issue.js';
import { TOTAL_CAP } from '../search/search-runner.js';
import { matchKey } from '../text/normalize.js';
import { isShortWord, spelledAlike } from '../text/suggest.js';
import { RANGE_END, RANGE_START, TWO_FIELD_NAMES } from './field-aliases.js';
import type { FieldSpec } from './field-spec.js';
import { compactKey, keyForm } from './key-forms.js';
import { listFormOf } from './list-for-one.js';
import { takenInstead } from './references/other-kind-field.js';
import { descendingWord, isDirectionKey } from './sort-keys.js';
import { flagValue, isFlag } from './vocab/boolean-words.js';

// The issues of keys a tool has no field for, and what they can say: the field meant, where the
// field sits, the fields to send instead; made by the input parser, which finds the keys.

/** How many entries a message names of a list it refuses (a `fields` list's unknown entries, the fields inside a wrapper). */
export const UNKNOWN_ENTRIES_NAMED = 5;

/**
 * Of a field for one record and the tool's list of the same (requester_id, requesters), as close as
 * each other to a key (`requester_name`): the one the value's shape fits, a list or one value.
 */
export function oneOrItsList(tied: readonly string[], specs: readonly FieldSpec[], value: unknown): string | undefined {
  if (tied.length !== 2) return undefined;
  const [one, list] = listFormOf(tied[0], specs) === tied[1] ? tied : listFormOf(tied[1], specs) === tied[0] ? [tied[1], tied[0]] : [];
  if (one === undefined) return undefined;
  return Array.isArray(value) ? list : one;
}

/**
 * The field sent in the same call that `key` is another name of (`login` beside a user's `name`,
 * which is the login): suggestField leaves such a field out, the call already setting it.
 */
export function sentUnderAlias(key: string, specs: readonly FieldSpec[], input: Readonly<Record<string, unknown>>): FieldSpec | undefined {
  const wanted = matchKey(key);
  return specs.find((spec) => input[spec.name] !== undefined && spec.aliases?.some((alias) => matchKey(alias) === wanted));
}

/**
 * UNKNOWN_FIELD for a key that is another name of a field the call sends too: two values for one
 * field, so neither is suggested in the other's place; the caller says which is meant (a login and
 * a full name sent as `login` and `name`: the full name belongs elsewhere, as the field's text says).
 */
export function aliasOfSentField(field: string, received: unknown, spec: FieldSpec, sent: unknown): Issue {
  return {
    field,
    code: 'UNKNOWN_FIELD',
    received,
    message: `Unknown field '${field}': here it is ${spec.name}, which this call also sends ('${quoted(sent)}'). Send in ${spec.name} the value it is to hold, once.${aboutField(spec)}`,
  };
}

/** UNKNOWN_FIELD without a suggestion: the known fields, or where the call's answer lists them. */
export function unknownField(field: string, received: unknown, known: string[], listedOn: string | undefined): Issue {
  return {
    field,
    code: 'UNKNOWN_FIELD',
    received,
    message: `Unknown field '${field}'. ${listedOn === undefined ? `Known fields: ${known.join(', ')}.` : `Known fields: see '${listedOn}'.`}`,
    ...(listedOn === undefined ? { available: known } : {}),
  };
}

/**
 * The fields of the call sent inside an object under an unknown key (`{arguments: {id: 5}}`: a
 * wrapper a model added); undefined when the value holds none. Never taken from there: the caller is
 * told where they belong.
 */
export function fieldsWrappedIn(value: unknown, byName: ReadonlyMap<string, FieldSpec>): string[] | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const inside = Object.keys(value).filter((name) => byName.has(name));
  return inside.length > 0 ? inside : undefined;
}

/**
 * UNKNOWN_FIELD for a key naming one value the tool keeps in two fields (`full_name`: firstname and
 * realname): both named, neither suggested. Undefined when the key names none or the tool lacks either.
 */
export function unknownFieldOfTwo(field: string, key: string, received: unknown, byName: ReadonlyMap<string, FieldSpec>): Issue | undefined {
  const wanted = compactKey(key);
  const two = TWO_FIELD_NAMES.find(({ names, fields }) => fields.every((name) => byName.has(name)) && names.some((name) => compactKey(name) === wanted));
  if (!two) return undefined;
  const [first, second] = two.fields;
  return {
    field,
    code: 'UNKNOWN_FIELD',
    received,
    message: `Unknown field '${field}': here it is two fields, ${first} and ${second} (${two.what}). Send each.`,
  };
}

/**
 * UNKNOWN_FIELD for a key naming a date the tool filters by a range (`date`, `created_at` on
 * ticket_search: date_from and date_to; FieldSpec.rangeOf): both ends named, neither suggested.
 * Undefined when the key names no such date, or is another name of a field the tool has.
 */
export function unknownRangeField(field: string, key: string, received: unknown, specs: readonly FieldSpec[]): Issue | undefined {
  const wanted = compactKey(key);
  const named = (names: readonly string[] | undefined) => names?.some((name) => compactKey(name) === wanted) === true;
  if (specs.some((spec) => named(spec.aliases))) return undefined;
  const start = specs.find((spec) => named(spec.rangeOf));
  if (!start) return undefined;
  const end = `${start.name.slice(0, -RANGE_START.length)}${RANGE_END}`;
  return {
    field,
    code: 'UNKNOWN_FIELD',
    received,
    message: `Unknown field '${field}': a search takes it as a range, two fields, ${start.name} and ${end} (its first and last date, inclusive; one day: that date in both). Send one or both.`,
  };
}

/**
 * Whether `key` sent with `value` asks for a descending sort: a direction as the key, its value a
 * flag (`desc: true`, `ascending: false`), or a direction's key with a direction's word
 * (`direction: "desc"`, `order: "asc"`); undefined when they say no direction.
 */
function descendingAsked(key: string, value: unknown): boolean | undefined {
  const named = descendingWord(key);
  if (named !== undefined) {
    const flag = flagValue(value);
    return flag === undefined ? undefined : flag === named;
  }
  return isDirectionKey(key) ? descendingWord(value) : undefined;
}

/**
 * UNKNOWN_FIELD for a sort's direction sent apart from it (`desc: true`, `direction: "asc"`) on a
 * tool whose `sort` writes it as a '-' before the key: the value of sort to send, with the key the
 * call sorts by, else the first key and the others. Undefined for any other key or value.
 */
export function sortDirectionField(
  field: string,
  key: string,
  value: unknown,
  received: unknown,
  specs: readonly FieldSpec[],
  input: Readonly<Record<string, unknown>>,
): Issue | undefined {
  const sort = specs.find((spec) => spec.name === 'sort' && spec.values !== undefined);
  const descending = sort ? descendingAsked(key, value) : undefined;
  if (!sort?.values || descending === undefined) return undefined;
  const keys = [...new Set(sort.values.map((each) => each.replace(/^-/, '')))];
  // The key sorted by, sent as sort or under another name of it (`order_by: "priority"`).
  const sortKeyOf = (sent: unknown) => (typeof sent === 'string' && sort.values!.includes(sent.trim()) ? sent.trim().replace(/^-/, '') : undefined);
  // Sort's other names in any of the forms keys are written in (`order_by`, `orderBy`, `OrderBy`).
  const aliasForms = new Set(sort.aliases?.map(compactKey));
  const aliasSent =
    sortKeyOf(input[sort.name]) === undefined
      ? Object.keys(input).find((sent) => aliasForms.has(compactKey(sent)) && sortKeyOf(input[sent]) !== undefined)
      : undefined;
  const sortedBy = sortKeyOf(input[aliasSent ?? sort.name]);
  const others = sortedBy === undefined ? ` (or another key: ${keys.join(', ')})` : '';
  const inPlaceOf = aliasSent === undefined ? '' : `, in place of ${aliasSent} and ${field}`;
  return {
    field,
    code: 'UNKNOWN_FIELD',
    received,
    message: `Unknown field '${field}': the direction is written in sort, a '-' before its key for descending: send sort '${descending ? '-' : ''}${sortedBy ?? keys[0]}'${others}${inPlaceOf}.`,
  };
}

/**
 * UNKNOWN_FIELD for a page's number or an offset sent under one of cursor's other names (`page: 2`,
 * `offset: "20"`): a cursor is the previous page's next_cursor, so cursor is not suggested (cursor: 2
 * is refused) and the message says how pages go. A text under those names may be a cursor: undefined.
 */
export function pageNumberField(field: string, key: string, value: unknown, received: unknown, specs: readonly FieldSpec[]): Issue | undefined {
  const number = typeof value === 'number' || (typeof value === 'string' && /^\s*\d+\s*$/.test(value));
  const wanted = compactKey(key);
  const cursor = number ? specs.find((spec) => spec.name === 'cursor') : undefined;
  if (!cursor?.aliases?.some((alias) => compactKey(alias) === wanted)) return undefined;
  return {
    field,
    code: 'UNKNOWN_FIELD',
    received,
    message: `Unknown field '${field}': pages are read by cursor, not by number: send cursor, the next_cursor of the previous page, with the same filters and sort (the first page: no cursor).`,
  };
}

/** Keys models send to ask a search for its count alone (`count` is otherwise a page size: LIMIT_ALIASES). */
const COUNT_ALONE_KEYS = new Set([
  'count',
  'count_only',
  'only_count',
  'counts_only',
  'just_count',
  'total',
  'total_only',
  'only_total',
  'return_count',
  'contar',
  'contagem',
  'so_contar',
  'apenas_contar',
  'apenas_contagem',
  'somente_contagem',
  'so_total',
  'apenas_total',
]);

/**
 * UNKNOWN_FIELD for a flag asking a search for its count alone (`count: true`, `count_only`,
 * `total: "yes"`): limit 0 answers it. A number, or its text, is no such flag (`count: 50` is a page size).
 * Undefined for any other key or value, or on a tool without a limit.
 */
export function countAloneField(field: string, key: string, value: unknown, received: unknown, specs: readonly FieldSpec[]): Issue | undefined {
  if (!isFlag(value) || !COUNT_ALONE_KEYS.has(keyForm(key)) || !specs.some((spec) => spec.name === 'limit')) return undefined;
  const message = flagValue(value)
    ? `send limit 0 for the count alone: the answer's total, without rows (past ${TOTAL_CAP} an estimate unless exact_total: true).`
    : 'every search answers its rows with their total: leave it out.';
  return { field, code: 'UNKNOWN_FIELD', received, message: `Unknown field '${field}': ${message}` };
}

/** Keys a time spent comes under, by the unit their number is in (undefined: none said). */
const TIME_KEYS: ReadonlyMap<string, 'h' | ' min' | undefined> = new Map([
  ...['hours', 'hour', 'hrs', 'hours_spent', 'hours_worked', 'horas', 'hora'].map((key) => [key, 'h'] as const),
  ...['minutes', 'minute', 'mins', 'minutes_spent', 'minutos', 'minuto'].map((key) => [key, ' min'] as const),
  ...['time', 'time_worked', 'worked', 'spent', 'elapsed', 'tempo', 'tempo_gasto'].map((key) => [key, undefined] as const),
]);

/**
 * UNKNOWN_FIELD for a time spent sent under a key of its unit (`hours: 2`, `minutes: 45`) to a tool
 * with a duration (DURATION_UNIT): the duration to send, its number with that unit, since the
 * duration's own number is seconds and an alias suggestion would have read 2 hours as 2 seconds; a
 * bare `time: 30` is told the three readings. Undefined for any other key or value.
 */
export function durationInUnitField(field: string, key: string, value: unknown, received: unknown, specs: readonly FieldSpec[]): Issue | undefined {
  const normalized = keyForm(key);
  const duration = TIME_KEYS.has(normalized) ? specs.find((spec) => spec.unit === DURATION_UNIT) : undefined;
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim().replace(',', '.')) : Number.NaN;
  if (!duration || !(Number.isFinite(number) && number > 0)) return undefined;
  const unit = TIME_KEYS.get(normalized);
  const formats = duration.description.replace(/\.$/, '');
  const send = unit
    ? `send ${duration.name} '${number}${unit}' (${formats.charAt(0).toLowerCase()}${formats.slice(1)})`
    : `send ${duration.name} with its unit: ${number} seconds as it is, or "${number} min", "${number}h"`;
  return { field, code: 'UNKNOWN_FIELD', received, message: `Unknown field '${field}': ${send}.` };
}

/** A key asking to take a value away (remove_phone, clear_manager, limpar_email): what it names after the word. */
const CLEARING = /^(?:remove|clear|unset|delete|drop|remover|limpar|tirar|apagar)_(.+)$/;

/**
 * True when `key` asks to take a value away and `field`, a field it could be suggested as, sets one:
 * the suggestion would do the opposite (`remove_phone` sent as phone writes the value meant gone).
 */
export function clearsWhatSets(key: string, field: string): boolean {
  return CLEARING.test(keyForm(key)) && !CLEARING.test(field);
}

/**
 * UNKNOWN_FIELD for a key asking to clear a field that takes null, named by its name, its name
 * without `_id` or another of its names (`remove_phone`, `clear_manager`): send it null. Undefined
 * for any other key, and where the tool has a list to remove from whose name begins with the key
 * (`remove_assignee`: remove_assignees takes one off, where null would clear them all).
 */
export function clearingField(field: string, key: string, received: unknown, specs: readonly FieldSpec[]): Issue | undefined {
  const sent = keyForm(key);
  if (specs.some((spec) => CLEARING.test(spec.name) && spec.name.startsWith(sent))) return undefined;
  const named = CLEARING.exec(sent)?.[1];
  const names = (spec: FieldSpec) => [spec.name, spec.name.replace(/_id$/, ''), ...(spec.aliases ?? [])].map(keyForm);
  const target = named === undefined ? undefined : specs.find((spec) => spec.nullable && names(spec).includes(named));
  return target && { field, code: 'UNKNOWN_FIELD', received, message: `Unknown field '${field}': send ${target.name} null to clear it.` };
}

/** UNKNOWN_FIELD for a wrapper of the call's fields: send them at the top level. */
export function wrapperField(field: string, received: unknown, inside: readonly string[]): Issue {
  const more = inside.length > UNKNOWN_ENTRIES_NAMED ? ', …' : '';
  return {
    field,
    code: 'UNKNOWN_FIELD',
    received,
    message: `Unknown field '${field}': send its fields (${inside.slice(0, UNKNOWN_ENTRIES_NAMED).join(', ')}${more}) at the top level of the arguments, not inside '${field}'.`,
  };
}

/** The suggested field's own words, when it has them: what to send there (cursor: the previous page's next_cursor). */
export function aboutField(spec: FieldSpec | undefined): string {
  const description = spec?.description.trim();
  return description && description.length <= 200 ? ` ${spec!.name}: ${description}` : '';
}

/**
 * True when `key` is not surely the field's name or one of its aliases: it only shares a word with
 * one, or it is a short word a letter from one (`done` and `dono`: two words of two languages as
 * often as a slip), which its value must then bear out too.
 */
export function isGuess(key: string, spec: FieldSpec): boolean {
  return ![spec.name, ...(spec.aliases ?? [])].some((name) => spelledAlike(key, name) && (!isShortWord(key) || compactKey(key) === compactKey(name)));
}

/**
 * The issues with each value sent under an unknown key, and checked under the field suggested for
 * it, sent on to the field that takes it instead (a group sent as `assignee`, suggested assignee_id,
 * is assignee_group_id's): the suggestion becomes that field, and the issue about the suggested
 * field, which the caller never sent, goes. `checkedAs`: the fields values were checked under.
 */
export function redirected(issues: Issue[], checkedAs: ReadonlySet<string>): Issue[] {
  if (checkedAs.size === 0) return issues;
  const moves = new Map<string, { issue: Issue; field: string; sentence: string }>();
  for (const issue of issues) {
    const instead = checkedAs.has(issue.field) ? takenInstead(issue) : undefined;
    if (instead) moves.set(issue.field, { issue, ...instead });
  }
  if (moves.size === 0) return issues;
  return issues.flatMap((issue) => {
    if (moves.get(issue.field)?.issue === issue) return [];
    const move = issue.code === 'UNKNOWN_FIELD' && issue.did_you_mean !== undefined ? moves.get(issue.did_you_mean) : undefined;
    return move ? [{ ...issue, did_you_mean: move.field, message: `Unknown field '${issue.field}'. ${move.sentence}` }] : [issue];
  });
}

/**
 * The issues without the guesses the values sent did not bear out: a key suggested as a field on a
 * shared word (`dono` -> percent_done) whose value that field refuses was not meant for it. Its
 * suggestion is withdrawn and so are the issues about a field the caller never sent; the key is
 * then an unknown field like any other, with the known fields listed.
 */
export function withdrawn(issues: Issue[], guesses: ReadonlyMap<string, Issue> | undefined, byName: ReadonlyMap<string, FieldSpec>): Issue[] {
  if (!guesses) return issues;
  const refuted = new Set([...guesses.keys()].filter((name) => issues.some((issue) => issue.field === name && issue.code !== 'UNKNOWN_FIELD')));
  if (refuted.size === 0) return issues;
  const known = [...byName.keys()];
  let listedOn = issues.find((issue) => issue.code === 'UNKNOWN_FIELD' && issue.available)?.field;
  const kept: Issue[] = [];
  for (const issue of issues) {
    if (refuted.has(issue.field) && issue.code !== 'UNKNOWN_FIELD') continue;
    const refutedGuess = issue.did_you_mean !== undefined && refuted.has(issue.did_you_mean) && guesses.get(issue.did_you_mean) === issue;
    if (!refutedGuess) {
      kept.push(issue);
      continue;
    }
    kept.push(unknownField(issue.field, issue.received, known, listedOn));
    listedOn ??= issue.field;
  }
  return kept;
}
