/**
 * The comparison key used for case- and accent-insensitive matching of names and labels:
 * lower case, accents stripped, inner white space collapsed. Stored in `*_key` columns so that
 * lookups are one index probe on every database, whatever its collation.
 */
export function matchKey(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
