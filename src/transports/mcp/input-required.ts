import { urlElicitationOf } from './client-session.js';
import type { ToolCallResult } from './mcp-dispatcher.js';

/** The key of the one input request a held write makes (a 2026-07-28 `inputRequests` key is the server's to choose). */
export const APPROVAL_INPUT = 'approval';

/** An approval id as the gate mints it; anything else in `requestState` was not handed out here. */
const APPROVAL_ID = /^apr_[A-Za-z0-9_-]{1,100}$/;

/** The 2026-07-28 InputRequiredResult of a held write, without the `_meta` every modern result carries. */
export interface ApprovalInputRequired {
  resultType: 'input_required';
  inputRequests: Record<string, { method: 'elicitation/create'; params: { mode: 'url'; message: string; url: string } }>;
  requestState: string;
}

/**
 * A write held for approval, as a 2026-07-28 client that takes URL-mode elicitation is asked for
 * it: one `elicitation/create` input request in URL mode (the approval page), and the approval id
 * as `requestState`, which the client echoes on its retry. The id needs no signature: the approval
 * gate admits it only for the same user, session, tool and payload, and uses it once, so a forged
 * or replayed state can do no more than be refused (APPROVAL_MISMATCH / APPROVAL_CONSUMED).
 */
export function approvalInputRequired(result: ToolCallResult): ApprovalInputRequired | undefined {
  const elicitation = urlElicitationOf(result);
  if (!elicitation) return undefined;
  return {
    resultType: 'input_required',
    inputRequests: { [APPROVAL_INPUT]: { method: 'elicitation/create', params: { mode: 'url', message: elicitation.message, url: elicitation.url } } },
    requestState: elicitation.elicitationId,
  };
}

/** What a retried 2026-07-28 call brings back: the approval it runs under, and whether the user declined to open the page. */
export interface ApprovalRetry {
  approvalId: string;
  declined: boolean;
}

/**
 * Reads a retry's `requestState` and `inputResponses`; undefined for a first call, a string saying
 * what is wrong for a state this server did not hand out.
 */
export function approvalRetryOf(params: Record<string, unknown>): ApprovalRetry | string | undefined {
  const state = params.requestState;
  if (state === undefined) return undefined;
  if (typeof state !== 'string' || !APPROVAL_ID.test(state)) return 'requestState was not given by this server: repeat the call without it.';
  const responses = params.inputResponses as Record<string, { action?: unknown } | undefined> | undefined;
  const action = typeof responses === 'object' && responses !== null ? responses[APPROVAL_INPUT]?.action : undefined;
  return { approvalId: state, declined: action === 'decline' || action === 'cancel' };
}
