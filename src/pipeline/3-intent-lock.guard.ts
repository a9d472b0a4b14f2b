import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { currentCall } from '../call/call-context.js';
import { ToolRegistry } from '../tools/tool-registry.js';
import { decideIntentLock, MAX_SESSION_ID_LENGTH, readLockArguments } from '../session/intent-lock.decision.js';
import { SessionsRepository } from '../session/sessions.repository.js';

/**
 * Applies the intent lock (intent-lock.decision.ts) to every MCP call of a domain tool, on every
 * transport: reads the session the call names, then lets the decision pass or refuse it. Session
 * tools and REST routes are not domain-locked.
 */
@Injectable()
export class IntentLockGuard implements CanActivate {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly tools: ToolRegistry,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType<string>() !== 'mcp') return true;
    const call = currentCall();
    const tool = call?.policy;
    if (!call?.principal || !tool) return true;
    const args = readLockArguments(context.getArgByIndex<unknown>(0));
    // Session tools read their own session; a domain tool's is read here, unless its id cannot exist.
    const lookUp = tool.domain !== null && args.sessionId !== undefined && args.sessionId.length <= MAX_SESSION_ID_LENGTH;
    const row = lookUp ? await this.sessions.get(args.sessionId!) : undefined;
    const decision = decideIntentLock(tool, args, row, { userId: call.principal.userId, now: Date.now() });
    if (decision.session) call.session = { id: decision.session.id };
    if (!decision.pass) throw decision.error;
    if (decision.session) await this.sessions.touch(decision.session);
    return true;
  }
}
