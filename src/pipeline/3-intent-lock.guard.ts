import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { refusalIn } from '../envelope/refusal-session.js';
import { step } from '../observe/tracing.js';
import { decideIntentLock, type LockDecision, MAX_SESSION_ID_LENGTH, readLockArguments } from '../session/intent-lock.decision.js';
import { type SessionRow, SessionsRepository } from '../session/sessions.repository.js';
import type { Call } from '../tools/call.js';

/**
 * Applies the intent lock (intent-lock.decision.ts) to every MCP call of a domain tool, on every
 * transport: reads the session the call names, then lets the decision pass or refuse it. Session
 * tools and REST routes are not domain-locked.
 */
@Injectable()
export class IntentLockGuard implements CanActivate {
  constructor(private readonly sessions: SessionsRepository) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType<string>() !== 'mcp') return true;
    const call = context.getArgByIndex<Call>(1);
    const tool = call.policy;
    if (!tool || tool.domain === null) return true;
    let decision: LockDecision<SessionRow>;
    try {
      const args = readLockArguments(context.getArgByIndex<unknown>(0));
      // An id longer than any domain_switch mints cannot exist: not looked up.
      const lookUp = args.sessionId !== undefined && args.sessionId.length <= MAX_SESSION_ID_LENGTH;
      const row = lookUp ? await step(call, 'lock', () => this.sessions.get(args.sessionId!)) : undefined;
      decision = decideIntentLock(tool, args, row, { userId: call.principal.userId, now: Date.now() });
    } catch (error) {
      throw refusalIn(error, null);
    }
    // A refusal names the caller's live session when the lock found one; a pass runs in the session the call names.
    if (!decision.pass) throw refusalIn(decision.error, decision.session?.id ?? null);
    // Most calls fall inside the touch interval: no write and no await for them.
    if (decision.session && this.sessions.touchDue(decision.session)) await this.sessions.touch(decision.session, call.startedAt);
    return true;
  }
}
