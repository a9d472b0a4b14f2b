import { DeskError } from '../envelope/desk-error.js';
import type { Issue } from '../envelope/issue.js';
import { fieldsOf } from '../input/field-spec.js';
import { asSent, pendingIssues, sentOf } from '../input/input-meta.js';
import { inFieldPlace } from '../input/input-parser.js';
import type { Call } from '../tools/call.js';

/** Whether the pipe left problems in the input: such input writes nothing, and refuseProblems answers them. */
export function hasInputProblems(input: object): boolean {
  return pendingIssues(input).length > 0;
}

/**
 * Fail loud once: the input's problems the pipe left for the write (InputMeta.pending) and those the
 * write found against the stored record, in one VALIDATION_FAILED, in the order of the tool's fields,
 * each saying it received what was sent.
 * Called before the write's first change; returns when there is no problem.
 */
export function refuseProblems(call: Call, input: object, found: readonly Issue[]): void {
  const pending = pendingIssues(input);
  if (pending.length === 0 && found.length === 0) return;
  const sent = sentOf(input);
  // A field whose value could not be read is not judged again against the record.
  const failed = new Set(pending.map((issue) => issue.field));
  const issues = [...pending, ...found.filter((issue) => !failed.has(issue.field)).map((issue) => asSent(issue, sent))];
  const place = new Map((fieldsOf(input.constructor) ?? []).map((spec, at) => [spec.name, at]));
  inFieldPlace(issues, place);
  throw DeskError.validation(call, issues);
}
