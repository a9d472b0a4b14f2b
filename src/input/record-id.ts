const ID_TEXT = /^\s*#?\d+\s*$/;

/**
 * What a value means as a record id: the one test, used wherever an id may be given (reference
 * fields, the record a tool acts on, REST path segments). A number, or a string of digits (spaces
 * around ignored, and a leading `#`, as people write "ticket #5"), is an id when it is a positive
 * safe integer and a wrong id (null) otherwise; anything else is no id at all (undefined): a name, say.
 */
export function readId(value: unknown): number | null | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 1 ? value : null;
  if (typeof value !== 'string' || !ID_TEXT.test(value)) return undefined;
  const id = Number(value.replace('#', ''));
  return Number.isSafeInteger(id) && id >= 1 ? id : null;
}
