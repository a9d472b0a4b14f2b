import type { AppConfig } from '../config/app-config.js';
import { DeskError } from '../envelope/desk-error.js';
import { CallLimits, RateLimitedError } from './call-limits.js';
import { decision, MemoryRateLimiter, type RateDecision, type RateLimiter } from './rate-limiter.js';

const CONFIG = { rateLimitReads: 2, rateLimitWrites: 1 } as AppConfig;

/** A shared store's counters (as Redis keeps them): answered by promise only, and able to fail. */
class SharedStore implements RateLimiter {
  private readonly counts = new Map<string, number>();
  down = false;

  consume(key: string, limit: number, windowMs: number): Promise<RateDecision> {
    if (this.down) return Promise.reject(new Error('connection refused'));
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    const now = Date.now();
    return Promise.resolve(decision(count <= limit, now + windowMs, now));
  }

  peek(): Promise<RateDecision> {
    return Promise.resolve(decision(true, Date.now(), Date.now()));
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

describe('CallLimits.admitCall', () => {
  it('counts at once with counters kept in this process, and refuses past the limit as it always did', () => {
    const limits = new CallLimits(new MemoryRateLimiter(), CONFIG);
    expect(limits.admitCall(7, 'read')).toBeUndefined();
    expect(limits.admitCall(7, 'read')).toBeUndefined();
    let refusal: unknown;
    try {
      void limits.admitCall(7, 'read');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(RateLimitedError);
    expect((refusal as RateLimitedError).spent).toMatchObject({ key: 'read:7', kind: 'read', max: 2, userId: 7, address: null });
    expect((refusal as RateLimitedError).message).toMatch(/^Rate limit reached: 2 read calls per minute\. Wait \d+ s and retry\.$/);
    // Writes and other users keep their own counts.
    expect(limits.admitCall(7, 'write')).toBeUndefined();
    expect(() => limits.admitCall(7, 'write')).toThrow(RateLimitedError);
    expect(limits.admitCall(8, 'read')).toBeUndefined();
  });

  it('waits for a shared store, refusing past the limit the same way, and answers UNAVAILABLE when it is down', async () => {
    const store = new SharedStore();
    const limits = new CallLimits(store, CONFIG);
    await expect(limits.admitCall(7, 'write')).resolves.toBeUndefined();
    await expect(limits.admitCall(7, 'write')).rejects.toBeInstanceOf(RateLimitedError);
    store.down = true;
    const failed = limits.admitCall(8, 'read');
    await expect(failed).rejects.toBeInstanceOf(DeskError);
    await expect(failed).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });
});

describe('MemoryRateLimiter', () => {
  it('answers the same decisions by promise and at once, over one count', async () => {
    const limiter = new MemoryRateLimiter();
    expect(limiter.consumeNow('k', 2, 60_000).allowed).toBe(true);
    expect((await limiter.consume('k', 2, 60_000)).allowed).toBe(true);
    expect(limiter.consumeNow('k', 2, 60_000).allowed).toBe(false);
    expect((await limiter.consume('k', 2, 60_000)).allowed).toBe(false);
  });

  it('starts a new window once the last one ended', () => {
    const limiter = new MemoryRateLimiter();
    expect(limiter.consumeNow('k', 1, 1).allowed).toBe(true);
    const until = Date.now() + 5;
    while (Date.now() < until) {
      // The window of 1 ms ends.
    }
    expect(limiter.consumeNow('k', 1, 1).allowed).toBe(true);
  });
});
