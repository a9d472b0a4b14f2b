import type { EntityManager } from 'typeorm';
import { DeskError } from '../envelope/desk-error.js';
import type { SessionsRepository } from '../session/sessions.repository.js';
import type { Call } from '../tools/call.js';

/**
 * Whether this call must run in a verified session: its tool's policy says so (OTP_REQUIRED_FOR),
 * and it came over MCP (REST callers hold an `api` token and have no MCP session).
 */
export function needsVerification(call: Call): boolean {
  return call.transport === 'mcp' && call.policy?.needsVerification === true;
}

/** Reads the session inside the write transaction: verified, by this user, right now. */
export async function assertVerified(sessions: SessionsRepository, manager: EntityManager, call: Call): Promise<void> {
  const sessionId = call.sessionId;
  const next = sessionId ? { tool: 'auth_request_otp', arguments: { session_id: sessionId } } : undefined;
  if (!sessionId) throw new DeskError('VERIFICATION_REQUIRED', 'This write needs a verified session.');
  const until = await sessions.verifiedUntil(manager, sessionId, call.principal.userId);
  if (!until || until.getTime() <= Date.now()) {
    throw new DeskError(
      'VERIFICATION_REQUIRED',
      'This write needs a verified session. Call auth_request_otp, ask the user for the 6-digit code they receive, then call auth_verify_otp and retry. Nothing was written.',
      { nextCall: next },
    );
  }
}
