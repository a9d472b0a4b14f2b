import { Inject, Injectable, type CanActivate, type OnApplicationShutdown } from '@nestjs/common';
import { currentCall } from '../common/context/call-context.js';
import { ToolError } from '../common/errors/tool-error.js';
import { AppConfig } from '../config/app-config.js';
import { ToolRegistry } from '../mcp/tool-registry.js';
import type { RateLimiter } from './rate-limiter.js';

export const RATE_LIMITER = Symbol('RATE_LIMITER');
const WINDOW_MS = 60_000;

/** Per-user limits, reads and writes counted apart (RATE_LIMIT_READS / RATE_LIMIT_WRITES per minute). */
@Injectable()
export class RateLimitGuard implements CanActivate, OnApplicationShutdown {
  constructor(
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    private readonly config: AppConfig,
    private readonly tools: ToolRegistry,
  ) {}

  /** Closes the counters' connection (Redis), so a CLI or a stopping server exits. */
  async onApplicationShutdown(): Promise<void> {
    await this.limiter.close();
  }

  async canActivate(): Promise<boolean> {
    const call = currentCall();
    if (!call?.principal) return true;
    const kind = this.tools.definition(call.tool)?.kind ?? (call.route?.startsWith('GET ') ? 'read' : 'write');
    const limit = kind === 'write' ? this.config.rateLimitWrites : this.config.rateLimitReads;
    let decision;
    try {
      decision = await this.limiter.consume(`${kind}:${call.principal.userId}`, limit, WINDOW_MS);
    } catch {
      throw new ToolError('UNAVAILABLE', 'The rate-limit store is unavailable right now. Retry in a few seconds.', { retryAfterSeconds: 2 });
    }
    if (!decision.allowed) {
      throw new ToolError('RATE_LIMITED', `Rate limit reached: ${limit} ${kind} calls per minute. Wait ${decision.retryAfterSeconds} s and retry.`, {
        retryAfterSeconds: decision.retryAfterSeconds,
      });
    }
    return true;
  }
}
