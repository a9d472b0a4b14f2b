import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { mayCallTool } from '../auth/rights.js';
import type { Maybe } from '../database/maybe.js';
import { DeskError } from '../envelope/desk-error.js';
import type { Issue } from '../envelope/issue.js';
import { refusalIn } from '../envelope/refusal-session.js';
import { step } from '../observe/tracing.js';
import { decideIntentLock, type LockArguments, type LockDecision, MAX_SESSION_ID_LENGTH, readLockArguments } from '../session/intent-lock.decision.js';
import { type SessionRow, SessionsRepository } from '../session/sessions.repository.js';
import type { Call } from '../tools/call.js';
import type { ToolPolicy } from '../tools/tool-policy.js';
import { InputPipe } from './5-input.pipe.js';

/** The arguments the lock judges itself: the input pipe's issues about them are not repeated. */
const LOCK_FIELDS: ReadonlySet<string> = new Set(['session_id', 'domain']);

/**
 * Applies the intent lock (intent-lock.decision.ts) to every MCP call of a domain tool, on every
 * transport: reads the session the call names, then lets the decision pass or refuse it. Session
 * tools and REST routes are not domain-locked.
 */
@Injectable()
export class IntentLockGuard implements CanActivate {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly input: InputPipe,
  ) {}

  /** Not async: on SQLite the session is read at once (maybe.ts), and a call inside the touch interval awaits nothing here. */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (context.getType<string>() !== 'mcp') return true;
    const call = context.getArgByIndex<Call>(1);
    const tool = call.policy;
    if (!tool || tool.domain === null) return true;
    // A tool the caller may not call at all is refused next, FORBIDDEN, by the rights guard: a lock
    // refusal would send it to a domain_switch that only leads there.
    if (!mayCallTool(call.principal, tool)) return true;
    const raw = context.getArgByIndex<unknown>(0);
    let args: LockArguments;
    let row: Maybe<SessionRow | undefined>;
    try {
      args = readLockArguments(raw);
      // An id longer than any domain_switch mints cannot exist: not looked up.
      const lookUp = args.sessionId !== undefined && args.sessionId.length <= MAX_SESSION_ID_LENGTH;
      row = lookUp ? step(call, 'lock', () => this.sessions.get(args.sessionId!)) : undefined;
    } catch (error) {
      throw refusalIn(error, null);
    }
    if (!(row instanceof Promise)) return this.decide(call, tool, args, row, raw);
    return row.then(
      (read) => this.decide(call, tool, args, read, raw),
      (error: unknown) => {
        throw refusalIn(error, null);
      },
    );
  }

  private decide(call: Call, tool: ToolPolicy, args: LockArguments, row: SessionRow | undefined, raw: unknown): boolean | Promise<boolean> {
    let decision: LockDecision<SessionRow>;
    try {
      decision = decideIntentLock(tool, args, row, { userId: call.principal.userId, now: Date.now() });
    } catch (error) {
      throw refusalIn(error, null);
    }
    // A refusal names the caller's live session when the lock found one; a pass runs in the session the call names.
    if (!decision.pass) {
      if (decision.error.code === 'VALIDATION_FAILED') return this.refuseWithInputIssues(call, decision.error, raw);
      throw refusalIn(decision.error, decision.session?.id ?? null);
    }
    // Most calls fall inside the touch interval: no write and no await for them.
    if (decision.session && this.sessions.touchDue(decision.session)) return this.sessions.touch(decision.session, call.startedAt).then(() => true);
    return true;
  }

  /**
   * A call without a usable session_id is refused, always; the refusal also carries the problems the
   * input pipe finds in its other arguments, so that one retry fixes them all. Should the pipe fail
   * to judge them, the lock's own issues are answered alone: the refusal never depends on it.
   */
  private refuseWithInputIssues(call: Call, refusal: DeskError, raw: unknown): Promise<never> | never {
    const refuse = (others: Issue[]): never => {
      throw refusalIn(others.length > 0 ? DeskError.validation(call, [...(refusal.issues ?? []), ...others], refusal.nextCall) : refusal, null);
    };
    let others: Maybe<Issue[]>;
    try {
      others = this.input.issuesBesides(call, raw, LOCK_FIELDS);
    } catch {
      return refuse([]);
    }
    if (!(others instanceof Promise)) return refuse(others);
    return others.then(refuse, () => refuse([]));
  }
}
