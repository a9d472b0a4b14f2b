import type { DeskError } from './desk-error.js';
import { echo } from './echo.js';
import { type ErrorEnvelope, INSERTED, type Outcome, type SuccessEnvelope } from './envelope.js';
import type { Issue } from './issue.js';

/** What an envelope names of its call (a CallTrace is one). */
export interface EnvelopeSubject {
  readonly tool: string | null;
  readonly route: string | null;
  readonly domain: string | null;
  readonly sessionId: string | null;
  /** Error envelopes name it (`request_id`), so a caller can quote it to an operator. */
  readonly requestId?: string;
}

function head(call: EnvelopeSubject | undefined, sessionId: string | null | undefined): Pick<SuccessEnvelope, 'domain' | 'tool' | 'session_id'> {
  return {
    domain: call?.domain ?? null,
    tool: call?.tool ?? call?.route ?? 'unknown',
    ...(sessionId ? { session_id: sessionId } : {}),
  };
}

/** The success envelope of an outcome; built by the envelope interceptor only. */
export function successEnvelope(call: EnvelopeSubject | undefined, outcome: Outcome, replayed = false): SuccessEnvelope {
  // INSERTED marks the outcome for the write unit only: a spread copies symbol keys too, and an SDK
  // that checks a result's structuredContent refuses a key that is not text.
  const { session_id: named, [INSERTED]: _inserted, ...rest } = outcome;
  return { status: 'success', ...head(call, named ?? call?.sessionId), ...rest, ...(replayed ? { replayed: true } : {}) };
}

/** The error envelope; `call.sessionId` is the session the refusal names (see refusal-session.ts). */
export function errorEnvelope(call: EnvelopeSubject | undefined, error: DeskError): ErrorEnvelope {
  return {
    status: 'error',
    ...head(call, call?.sessionId),
    error: {
      code: error.code,
      retryable: error.retryable,
      message: error.message,
      ...(error.retryAfterSeconds !== undefined ? { retry_after_seconds: error.retryAfterSeconds } : {}),
      ...(error.issues ? { issues: error.issues.map(bounded) } : {}),
      ...(error.nextCall ? { next_call: error.nextCall } : {}),
      ...(error.details ?? {}),
    },
    ...(call?.requestId ? { request_id: call.requestId } : {}),
  };
}

/** The last word on echoes: whoever built an issue, no answer repeats more of a value than echo() allows. */
function bounded(issue: Issue): Issue {
  const field = echo(issue.field) as string;
  if (field === issue.field && (issue.received === undefined || echo(issue.received) === issue.received)) return issue;
  return { ...issue, field, ...(issue.received === undefined ? {} : { received: echo(issue.received) }) };
}
