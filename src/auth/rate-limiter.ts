export interface RateDecision {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** Fixed-window counters: `limit` calls per `windowMs` per key. */
export interface RateLimiter {
  consume(key: string, limit: number, windowMs: number): Promise<RateDecision>;
  close(): Promise<void>;
}

/** Counters in this process only: right for one replica; with several, use Redis (REDIS_URL). */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  async consume(key: string, limit: number, windowMs: number): Promise<RateDecision> {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.windows.size > 100_000) this.sweep(now);
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count++;
    const retryAfterSeconds = Math.max(1, Math.ceil((window.resetAt - now) / 1000));
    return { allowed: window.count <= limit, retryAfterSeconds };
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }

  async close(): Promise<void> {
    this.windows.clear();
  }
}
