/**
 * What a search's filter for no actor holds (FieldSpec.none: "none", "unassigned", null): GLPI's own
 * id of no record (a foreign key of 0 is "none" there), which no actor has.
 */
export const NO_RECORD = 0;

/** What a filter for none resolves to, as `resolved` shows it (whether written null or as a word). */
export const NO_ONE = { id: NO_RECORD, name: 'none' } as const;

/**
 * What a search's filter for any actor holds (FieldSpec.none: "anyone", "alguém"): an id no record
 * has, for the tickets with at least one actor in that role.
 */
export const ANY_RECORD = -1;

/** What a filter for anyone resolves to, as `resolved` shows it. */
export const ANY_ONE = { id: ANY_RECORD, name: 'anyone' } as const;

/**
 * What a search's filter for every record but those with one other record holds ("not tech", "!me",
 * {not: "Hardware"}: FieldSpec.not): that record's id (an actor's, a category's, a parent's...), or
 * the ids of several left out ("not tech and not maria", {not: ["tech", "maria"]}); with `in`, the
 * records a list named beside them, any of which a row has ("maria, not joao": maria's, joao's left out).
 */
export interface NotRecord {
  readonly not: number | readonly number[];
  readonly in?: readonly number[];
}

export function isNotRecord(value: unknown): value is NotRecord {
  if (typeof value !== 'object' || value === null) return false;
  const { not, in: kept } = value as Partial<NotRecord>;
  return (typeof not === 'number' || isIdList(not)) && (kept === undefined || isIdList(kept));
}

function isIdList(value: unknown): value is readonly number[] {
  return Array.isArray(value) && value.length > 0 && value.every((id) => typeof id === 'number');
}

/** The ids a NotRecord leaves out. */
export function leftOut(value: NotRecord): readonly number[] {
  return typeof value.not === 'number' ? [value.not] : value.not;
}

/**
 * True when a filter's value is a record's own id, whose rows a search can start from; a filter for
 * none, anyone or everyone but one names no rows to start from.
 */
export function namesRows(value: unknown): boolean {
  return value !== NO_RECORD && value !== ANY_RECORD && !isNotRecord(value);
}
