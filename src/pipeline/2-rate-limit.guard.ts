import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { CallLimits } from '../auth/call-limits.js';
import { refusalIn } from '../envelope/refusal-session.js';
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
    let counted: Promise<void> | undefined;
    try {
      counted = step(call, 'limit', () => this.limits.admitCall(call.principal.userId, rate));
    } catch (error) {
      throw refused(error);
    }
    return counted
      ? counted.then(
          () => true,
          (error: unknown) => {
            throw refused(error);
          },
        )
      : true;
  }
}

/** Counted before the intent lock looked at the session: the refusal names none. */
function refused(error: unknown): unknown {
  return refusalIn(error, null);
}
