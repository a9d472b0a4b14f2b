import { Injectable, type CanActivate } from '@nestjs/common';
import { currentCall } from '../call/call-context.js';
import { ToolRegistry } from '../tools/tool-registry.js';
import { CallLimits } from '../auth/call-limits.js';

/**
 * Per-user limits, reads and writes counted apart (RATE_LIMIT_READS / RATE_LIMIT_WRITES per
 * minute). Second in the chain, right after the token check: every call counts, including those the
 * intent lock, the rights or the input refuse, and none reads the database before being counted.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly limits: CallLimits,
    private readonly tools: ToolRegistry,
  ) {}

  async canActivate(): Promise<boolean> {
    const call = currentCall();
    if (!call?.principal) return true;
    await this.limits.admitCall(call.principal.userId, CallLimits.kindOf(this.tools.definition(call.tool), call.route));
    return true;
  }
}
