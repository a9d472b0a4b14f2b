import { type DbDate, toDate } from '../database/db-dates.js';
import { formatDate } from '../dates/dates.js';
import type { Issue } from '../envelope/issue.js';

/**
 * Issue when `end` is before `start` (both in the same call's values). The message names both dates
 * with their values in `zone`, as the tools show dates; `startNote` says where a start the caller did
 * not send came from (a default).
 */
export function endBeforeStart(values: Record<string, unknown>, start: string, end: string, zone: string, startNote?: string): Issue[] {
  const a = values[start];
  const b = values[end];
  if (a instanceof Date && b instanceof Date && b.getTime() < a.getTime()) {
    const shownStart = `${start} (${formatDate(a, zone)}${startNote ? `, ${startNote}` : ''})`;
    return [
      {
        field: end,
        code: 'INVALID_VALUE',
        received: b.toISOString(),
        message: `${end} (${formatDate(b, zone)}) is before ${shownStart}.`,
        expected: `a date on or after ${shownStart}`,
      },
    ];
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

/**
 * A period of a record: its start field and its end field. `stamped`: the end is a stamp the record
 * keeps (a ticket's solve date), never sent, so only the start is ever judged against it.
 */
export type Period = readonly [start: string, end: string, stamped?: 'stamped'];

/**
 * The call's dates against the record's own: a period the call changes one end of may not end before
 * it starts, the other end as stored. The issue is the field sent; its message names the stored date
 * in `zone`, as the tools show dates. A period the call sets whole is its DTO's cross-check
 * (endBeforeStart); one it leaves alone stays as it was, right or wrong; one with a field whose value
 * could not be read (`failed`) is left to that problem.
 */
export function datesAgainstStored(
  values: Record<string, unknown>,
  stored: Record<string, unknown>,
  periods: readonly Period[],
  zone: string,
  failed: ReadonlySet<string>,
): Issue[] {
  const issues: Issue[] = [];
  for (const [start, end, stamped] of periods) {
    if (start in values === end in values || failed.has(start) || failed.has(end)) continue;
    const sent = start in values ? start : end;
    // One issue a field: the first period it breaks (a closed ticket's date after its solve date is also after its close date).
    if (issues.some((issue) => issue.field === sent)) continue;
    const other = sent === start ? end : start;
    const sentDate = values[sent];
    const storedDate = toDate(stored[other] as DbDate | null | undefined);
    if (!(sentDate instanceof Date) || !storedDate) continue;
    const outOfOrder = sent === end ? sentDate.getTime() < storedDate.getTime() : sentDate.getTime() > storedDate.getTime();
    if (!outOfOrder) continue;
    const shown = `${other} (${formatDate(storedDate, zone)}, as stored)`;
    issues.push({
      field: sent,
      code: 'INVALID_VALUE',
      received: sentDate.toISOString(),
      message: `${sent} is ${sent === end ? 'before' : 'after'} ${shown}.`,
      expected: `a date on or ${sent === end ? 'after' : 'before'} ${shown}${stamped ? '' : `, or ${other} too`}`,
    });
  }
  return issues;
}
