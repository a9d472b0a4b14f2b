import { ZERO_FRACTION } from './whole-number-text.js';

const ID_TEXT = new RegExp(String.raw`^\s*#?(\d+)${ZERO_FRACTION}\s*$`);

/**
 * What a value means as a record id: the one test, used wherever an id may be given (reference
 * fields, the record a tool acts on, REST path segments). A number, or a string of digits (spaces
 * around ignored, a leading `#`, as people write "ticket #5", and a zero fraction, as integer fields
 * take "60.0"), is an id when it is a positive safe integer and a wrong id (null) otherwise; anything
 * else is no id at all (undefined): a name, say.
 */
export function readId(value: unknown): number | null | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 1 ? value : null;
  const digits = typeof value === 'string' ? ID_TEXT.exec(value)?.[1] : undefined;
  if (digits === undefined) return undefined;
  const id = Number(digits);
  return Number.isSafeInteger(id) && id >= 1 ? id : null;
}
