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

/** Issues for every `x_from`/`x_to` pair of `values` whose end is before its start (dates or numbers). */
export function rangeEndsBeforeStart(values: Record<string, unknown>): Issue[] {
  const issues: Issue[] = [];
  for (const from in values) {
    if (!from.endsWith('_from')) continue;
    const to = `${from.slice(0, -'_from'.length)}_to`;
    const a = values[from];
    const b = values[to];
    const start = a instanceof Date ? a.getTime() : a;
    const end = b instanceof Date ? b.getTime() : b;
    if (typeof start === 'number' && typeof end === 'number' && end < start)
      issues.push({
        field: to,
        code: 'INVALID_VALUE',
        message: `${to} is before ${from}: the range matches nothing. Swap them.`,
        expected: `a value on or after ${from}`,
      });
  }
  return issues;
}
