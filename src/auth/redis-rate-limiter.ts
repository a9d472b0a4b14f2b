import { Redis } from 'ioredis';
import type { RateDecision, RateLimiter } from './rate-limiter.js';

/** One atomic round trip: increment, start the window on first hit, return count and time left. */
const SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { count, ttl }
`;

/** Counters shared by every replica through Redis. */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;

  constructor(url: string) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false, connectTimeout: 2000 });
    this.redis.on('error', () => undefined); // failures surface per call as UNAVAILABLE
    this.redis.defineCommand('intentdeskRate', { numberOfKeys: 1, lua: SCRIPT });
  }

  async consume(key: string, limit: number, windowMs: number): Promise<RateDecision> {
    const command = (this.redis as unknown as { intentdeskRate(k: string, w: number): Promise<[number, number]> }).intentdeskRate;
    const [count, ttl] = await command.call(this.redis, `intentdesk:rate:${key}`, windowMs);
    return { allowed: count <= limit, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
