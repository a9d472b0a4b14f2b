import type { Issue } from '../envelope/issue.js';

/** Issue when `end` is before `start` (both given in the same call). */
export function endBeforeStart(values: Record<string, unknown>, start: string, end: string): Issue[] {
  const a = values[start];
  const b = values[end];
  if (a instanceof Date && b instanceof Date && b.getTime() < a.getTime()) {
    return [{ field: end, code: 'INVALID_VALUE', received: b.toISOString(), message: `${end} is before ${start}.`, expected: `a date on or after ${start}` }];
  }
  return [];
}
