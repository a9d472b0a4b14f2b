/** `value`, or a failure naming what was missing (instead of a `!` that lets undefined through). */
export function found<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} was not found`);
  return value;
}
