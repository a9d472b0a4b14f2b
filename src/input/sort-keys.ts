import { compactKey } from './key-forms.js';

/**
 * The keys of a sort: a choice whose every value comes with its descending twin (`date` and
 * `-date`). Undefined for any other choice. A sort's keys are fields of the records it sorts, so
 * other names of those fields (`updated_at` for `date_mod`) name its keys too (field-aliases.ts).
 */
export function sortKeysOf(values: readonly string[]): string[] | undefined {
  const keys = [...new Set(values.map((value) => (value.startsWith('-') ? value.slice(1) : value)))];
  const paired = keys.length > 0 && keys.every((key) => values.includes(key) && values.includes(`-${key}`));
  return paired ? keys : undefined;
}

/** The keys other APIs name a sort's field with, in an object. */
const FIELD_KEYS = new Set(['field', 'by', 'key', 'column', 'sort', 'sort_by', 'orderBy', 'order_by']);

/** The keys other APIs send a sort's direction under, beside its field or alone (compact). */
const DIRECTION_KEYS = new Set(['order', 'direction', 'dir', 'sortorder', 'sortdirection', 'sortdir', 'orderdirection', 'ordem', 'direcao']);

/** True for a key a sort's direction is sent under (`direction`, `sort_order`, `sortOrder`). */
export function isDirectionKey(key: string): boolean {
  return DIRECTION_KEYS.has(compactKey(key));
}

/** The words of a sort's direction, English and pt-BR, each with whether it is descending. */
const DIRECTIONS: ReadonlyMap<string, boolean> = new Map([
  ['asc', false],
  ['ascending', false],
  ['crescente', false],
  ['desc', true],
  ['descending', true],
  ['decrescente', true],
]);

/** Whether `word` is a descending (true) or ascending (false) direction; undefined for any other text. */
export function descendingWord(word: unknown): boolean | undefined {
  return typeof word === 'string' ? DIRECTIONS.get(compactKey(word)) : undefined;
}

/**
 * A sort sent as an object, as other APIs take one, written as the text a sort reads ("date desc"):
 * `{date: "desc"}`, `{field: "priority", order: "desc"}`, `{by: "status"}`. Undefined for any other
 * value, and for an object of more than one field or another key (which comes first is not guessed).
 */
export function sortWrittenIn(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const entries = Object.entries(value as Record<string, unknown>);
  if (!entries.every(([, v]) => typeof v === 'string')) return undefined;
  const field = entries.find(([key]) => FIELD_KEYS.has(key));
  const direction = entries.find(([key]) => isDirectionKey(key));
  if (field) return entries.length === (direction ? 2 : 1) ? `${String(field[1])}${direction ? ` ${String(direction[1])}` : ''}` : undefined;
  return entries.length === 1 && !direction ? `${entries[0][0]} ${String(entries[0][1])}` : undefined;
}
