export interface RateDecision {
  allowed: boolean;
  retryAfterSeconds: number;
  /** When the current window ends (ms since the epoch). */
  resetAt: number;
}

/** Fixed-window counters: `limit` hits per `windowMs` per key. */
export interface RateLimiter {
  /** Counts one hit and says whether it is within the limit. */
  consume(key: string, limit: number, windowMs: number): Promise<RateDecision>;
  /** `consume`, answered at once: counters kept in this process have it (every call counts one); a shared store does not. */
  consumeNow?(key: string, limit: number, windowMs: number): RateDecision;
  /** Says whether the limit is already reached, without counting. */
  peek(key: string, limit: number): Promise<RateDecision>;
  close(): Promise<void>;
  /** One round trip to the shared store (readiness); absent when the counters live in this process. */
  ping?(): Promise<void>;
}

/** Counters in this process only: right for one replica; with several, use Redis (REDIS_URL). */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  consume(key: string, limit: number, windowMs: number): Promise<RateDecision> {
    return Promise.resolve(this.consumeNow(key, limit, windowMs));
  }

  consumeNow(key: string, limit: number, windowMs: number): RateDecision {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.windows.size > 100_000) this.sweep(now);
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count++;
    return decision(window.count <= limit, window.resetAt, now);
  }

  async peek(key: string, limit: number): Promise<RateDecision> {
    const now = Date.now();
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) return decision(true, now, now);
    return decision(window.count < limit, window.resetAt, now);
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }

  async close(): Promise<void> {
    this.windows.clear();
  }
}

export function decision(allowed: boolean, resetAt: number, now: number): RateDecision {
  return { allowed, resetAt, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)) };
}
