/**
 * What a search's filter for no actor holds (FieldSpec.none: "none", "unassigned", null): GLPI's own
 * id of no record (a foreign key of 0 is "none" there), which no actor has.
 */
export const NO_RECORD = 0;
