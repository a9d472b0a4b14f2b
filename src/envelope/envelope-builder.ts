import type { CallContext } from '../call/call-context.js';
import type { Issue } from './issue.js';
import type { DeskError } from './desk-error.js';
import { echo } from '../input/echo.js';
import type { ErrorEnvelope, SuccessEnvelope, Outcome } from './envelope.js';

export function successEnvelope(call: CallContext | undefined, outcome: Outcome): SuccessEnvelope {
  const envelope: SuccessEnvelope = {
    status: 'success',
    domain: call?.domain ?? null,
    tool: call?.tool ?? call?.route ?? 'unknown',
    ...(call?.session ? { session_id: call.session.id } : {}),
    ...outcome,
  };
  return envelope;
}

export function errorEnvelope(call: CallContext | undefined, error: DeskError): ErrorEnvelope {
  return {
    status: 'error',
    domain: call?.domain ?? null,
    tool: call?.tool ?? call?.route ?? 'unknown',
    ...(call?.session ? { session_id: call.session.id } : {}),
    error: {
      code: error.code,
      retryable: error.retryable,
      message: error.message,
      ...(error.retryAfterSeconds !== undefined ? { retry_after_seconds: error.retryAfterSeconds } : {}),
      ...(error.issues ? { issues: error.issues.map(bounded) } : {}),
      ...(error.nextCall ? { next_call: error.nextCall } : {}),
      ...(error.details ?? {}),
    },
  };
}

/** The last word on echoes: whoever built an issue, no answer repeats more of a value than echo() allows. */
function bounded(issue: Issue): Issue {
  const field = echo(issue.field) as string;
  if (field === issue.field && (issue.received === undefined || echo(issue.received) === issue.received)) return issue;
  return { ...issue, field, ...(issue.received === undefined ? {} : { received: echo(issue.received) }) };
}
