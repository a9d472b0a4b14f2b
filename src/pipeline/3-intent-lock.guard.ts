import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { mayCallTool } from '../auth/rights.js';
import type { Maybe } from '../database/maybe.js';
import { refusalIn } from '../envelope/refusal-session.js';
import { step } from '../observe/tracing.js';
import { decideIntentLock, type LockArguments, type LockDecision, MAX_SESSION_ID_LENGTH, readLockArguments } from '../session/intent-lock.decision.js';
import { type SessionRow, SessionsRepository } from '../session/sessions.repository.js';
import type { Call } from '../tools/call.js';
import type { ToolPolicy } from '../tools/tool-policy.js';

/**
 * Applies the intent lock (intent-lock.decision.ts) to every MCP call of a domain tool, on every
 * transport: reads the session the call names, then lets the decision pass or refuse it. Session
 * tools and REST routes are not domain-locked.
 */
@Injectable()
export class IntentLockGuard implements CanActivate {
  constructor(private readonly sessions: SessionsRepository) {}

  /** Not async: on SQLite the session is read at once (maybe.ts), and a call inside the touch interval awaits nothing here. */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (context.getType<string>() !== 'mcp') return true;
    const call = context.getArgByIndex<Call>(1);
    const tool = call.policy;
    if (!tool || tool.domain === null) return true;
    // A tool the caller may not call at all is refused next, FORBIDDEN, by the rights guard: a lock
    // refusal would send it to a domain_switch that only leads there.
    if (!mayCallTool(call.principal, tool)) return true;
    let args: LockArguments;
    let row: Maybe<SessionRow | undefined>;
    try {
      args = readLockArguments(context.getArgByIndex<unknown>(0));
      // An id longer than any domain_switch mints cannot exist: not looked up.
      const lookUp = args.sessionId !== undefined && args.sessionId.length <= MAX_SESSION_ID_LENGTH;
      row = lookUp ? step(call, 'lock', () => this.sessions.get(args.sessionId!)) : undefined;
    } catch (error) {
      throw refusalIn(error, null);
    }
    if (!(row instanceof Promise)) return this.decide(call, tool, args, row);
    return row.then(
      (read) => this.decide(call, tool, args, read),
      (error: unknown) => {
        throw refusalIn(error, null);
      },
    );
  }

  private decide(call: Call, tool: ToolPolicy, args: LockArguments, row: SessionRow | undefined): boolean | Promise<boolean> {
    let decision: LockDecision<SessionRow>;
    try {
      decision = decideIntentLock(tool, args, row, { userId: call.principal.userId, now: Date.now() });
    } catch (error) {
      throw refusalIn(error, null);
    }
    // A refusal names the caller's live session when the lock found one; a pass runs in the session the call names.
    if (!decision.pass) throw refusalIn(decision.error, decision.session?.id ?? null);
    // Most calls fall inside the touch interval: no write and no await for them.
    if (decision.session && this.sessions.touchDue(decision.session)) return this.sessions.touch(decision.session, call.startedAt).then(() => true);
    return true;
  }
}
