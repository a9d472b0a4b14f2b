import { echo, quoted } from '../envelope/echo.js';
import type { Issue } from '../envelope/issue.js';
import { matchKey } from '../text/normalize.js';

/** What a record sent as the answers present it stands for: its id (else its name), and the name sent beside an id. */
export interface PresentedRecord {
  value: unknown;
  nameBeside?: string;
}

/**
 * A record as this server's answers present it — `{ id, name }`: a reference, an enum's code and
 * label (an actor adds `type`) — sent back where a reference or an enum goes: models copy a value
 * from one answer into their next call as they found it. It stands for its id, or for its name when
 * it has no id. A name beside an id must name the same record (sameName, once the id is known):
 * which of two that disagree was meant is for the caller to say.
 */
export function presentedRecord(value: unknown, longestName: number): PresentedRecord | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { id, name } = value as { id?: unknown; name?: unknown };
  // No name the field takes is longer (its length limit): such an object is no record of ours, and its text is never read whole.
  if (typeof name === 'string' && name.length > longestName) return undefined;
  if (typeof id === 'number' || typeof id === 'string') return typeof name === 'string' ? { value: id, nameBeside: name } : { value: id };
  return typeof name === 'string' ? { value: name } : undefined;
}

/** Whether the name sent beside an id is that record's (case, accents and spacing aside). */
export function sameName(nameBeside: string, recordName: string): boolean {
  return matchKey(nameBeside) === matchKey(recordName);
}

/** The issue of a record copied from an answer whose name beside the id is another record's (or enum value's). */
export function otherNameIssue(field: string, id: number, nameBeside: string, recordName: string, enumValue: boolean): Issue {
  const what = enumValue ? 'value' : 'record';
  const send = enumValue ? 'the code or the label' : 'the id or the name';
  return {
    field,
    code: 'INVALID_VALUE',
    received: echo({ id, name: nameBeside }),
    message: `${field} names ${what} ${id} and '${quoted(nameBeside)}', and ${what} ${id} is '${recordName}': send ${send} of the one you mean.`,
  };
}
