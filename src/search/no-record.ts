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
