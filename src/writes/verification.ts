import type { EntityManager } from 'typeorm';
import { toDate } from '../database/db-dates.js';
import { DeskError } from '../envelope/desk-error.js';
import type { Call } from '../tools/call.js';

/**
 * Whether this call must run in a verified session: its tool's policy says so (OTP_REQUIRED_FOR),
 * and it came over MCP (REST callers hold an `api` token and have no MCP session).
 */
export function needsVerification(call: Call): boolean {
  return call.transport === 'mcp' && call.policy?.needsVerification === true;
}

/** Reads the session inside the write transaction: verified, by this user, right now. */
export async function assertVerified(manager: EntityManager, call: Call): Promise<void> {
  const sessionId = call.sessionId;
  const next = sessionId ? { tool: 'auth_request_otp', arguments: { session_id: sessionId } } : undefined;
  if (!sessionId) throw new DeskError('VERIFICATION_REQUIRED', 'This write needs a verified session.');
  const row = await manager
    .createQueryBuilder()
    .select('s.verified_until', 'verified_until')
    .from('mcp_sessions', 's')
    .where('s.id = :id AND s.users_id = :user AND s.ended_at IS NULL', { id: sessionId, user: call.principal.userId })
    .getRawOne<{ verified_until: Date | string | null }>();
  const until = toDate(row?.verified_until ?? null);
  if (!until || until.getTime() <= Date.now()) {
    throw new DeskError(
      'VERIFICATION_REQUIRED',
      'This write needs a verified session. Call auth_request_otp, ask the user for the 6-digit code they receive, then call auth_verify_otp and retry. Nothing was written.',
      { nextCall: next },
    );
  }
}
