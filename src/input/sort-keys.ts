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
