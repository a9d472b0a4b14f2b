import { toDate } from '../database/db-dates.js';

/**
 * The values of an update that differ from the stored record's: only these are written and
 * answered in `applied`. GLPI leaves a record, its date_mod included, as it is when an update
 * sends the values it already has; a call whose every value is so changes nothing, and says so
 * (updateMessage).
 */
export function changedValues(values: Readonly<Record<string, unknown>>, stored: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(values)) if (!sameValue(value, stored[column])) changed[column] = value;
  return changed;
}

/** A value as the call gives it (a number, a Date, a string, a flag, null) against the column as the driver reads it back. */
function sameValue(value: unknown, stored: unknown): boolean {
  if (value === null || value === undefined) return stored === null || stored === undefined;
  if (stored === null || stored === undefined) return false;
  if (value instanceof Date) return toDate(stored as Date | string | number)?.getTime() === value.getTime();
  if (typeof value === 'number' || typeof value === 'boolean') return Number(value) === Number(stored);
  return stored === value;
}
