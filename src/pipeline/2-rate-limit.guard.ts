import { Injectable, type CanActivate } from '@nestjs/common';
import { currentCall } from '../call/call-context.js';
import { CallLimits } from '../auth/call-limits.js';

/**
 * Per-user limits, reads and writes counted apart (RATE_LIMIT_READS / RATE_LIMIT_WRITES per
 * minute). Second in the chain, right after the token check: every call counts, including those the
 * intent lock, the rights or the input refuse, and none reads the database before being counted.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(private readonly limits: CallLimits) {}

  async canActivate(): Promise<boolean> {
    const call = currentCall();
    if (!call?.principal) return true;
    // A REST route that serves no tool spends by its method: reads are GETs.
    const rate = call.policy?.rate ?? (call.route?.startsWith('GET ') ? 'read' : 'write');
    await this.limits.admitCall(call.principal.userId, rate);
    return true;
  }
}
