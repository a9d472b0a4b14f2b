import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { CallLimits } from '../auth/call-limits.js';
import { step } from '../observe/tracing.js';
import { callOf } from './call-of.js';

/**
 * Per-user limits, reads and writes counted apart (RATE_LIMIT_READS / RATE_LIMIT_WRITES per
 * minute). Second in the chain, right after the token check: every call counts, including those the
 * intent lock, the rights or the input refuse, and none reads the database before being counted.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(private readonly limits: CallLimits) {}

  /** Not async: counters kept in this process answer at once, and the chain then awaits nothing here. */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const call = callOf(context);
    if (!call) return true;
    // A REST route that serves no tool spends by its method: reads are GETs.
    const rate = call.policy?.rate ?? (call.route?.startsWith('GET ') ? 'read' : 'write');
    // Its refusal names the session the call names, as every later refusal of the call does: counted
    // before the intent lock reads the session, it is not proven, only repeated (call.sessionId).
    const counted = step(call, 'limit', () => this.limits.admitCall(call.principal.userId, rate));
    return counted ? counted.then(() => true) : true;
  }
}
