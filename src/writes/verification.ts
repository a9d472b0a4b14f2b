import type { EntityManager } from 'typeorm';
import { DeskError } from '../envelope/desk-error.js';
import { refusalIn } from '../envelope/refusal-session.js';
import { decideIntentLock } from '../session/intent-lock.decision.js';
import type { SessionsRepository } from '../session/sessions.repository.js';
import type { Call } from '../tools/call.js';

/**
 * Whether this call must run in a verified session: its tool's policy says so (OTP_REQUIRED_FOR),
 * and it came over MCP (REST callers hold an `api` token and have no MCP session).
 */
export function needsVerification(call: Call): boolean {
  return call.transport === 'mcp' && call.policy?.needsVerification === true;
}

/** Whether a write's session is read again where it commits: an MCP call of a domain tool (REST has no session). */
export function writesInSession(call: Call): boolean {
  return call.transport === 'mcp' && (call.policy?.domain ?? null) !== null;
}

/**
 * The session a write runs in, read again inside its transaction (held until it commits): the
 * intent lock's decision (intent-lock.decision.ts, the one the lock guard made before the call ran)
 * and, where the policy wants one, its verification hold when the write commits. A domain_switch,
 * an end, or a verification ended by another call between the guard and the commit takes effect at
 * once: the write is refused and nothing is written.
 */
export async function assertSessionAtCommit(sessions: SessionsRepository, manager: EntityManager, call: Call): Promise<void> {
  const sessionId = call.sessionId ?? undefined;
  const row = sessionId === undefined ? undefined : await sessions.getForWrite(manager, sessionId);
  const caller = { userId: call.principal.userId, now: Date.now() };
  const lock = decideIntentLock(call.policy!, { sessionId, unusableSessionId: undefined, domain: undefined, declared: undefined }, row, caller);
  if (!lock.pass) throw refusalIn(lock.error, lock.session?.id ?? null);
  if (!needsVerification(call)) return;
  const until = row?.verified_until;
  if (!until || until.getTime() <= caller.now) {
    throw new DeskError(
      'VERIFICATION_REQUIRED',
      'This write needs a verified session. Call auth_request_otp, ask the user for the 6-digit code they receive, then call auth_verify_otp and retry. Nothing was written.',
      { nextCall: { tool: 'auth_request_otp', arguments: { session_id: sessionId } } },
    );
  }
}
