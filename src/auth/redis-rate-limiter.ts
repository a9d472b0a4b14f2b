import { Redis } from 'ioredis';
import { decision, type RateDecision, type RateLimiter } from './rate-limiter.js';

/** One atomic round trip: increment, start the window on first hit, return count and time left. */
const CONSUME = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { count, ttl }
`;

/** The count so far and time left, without counting (0 and 0 when no window is open). */
const PEEK = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then ttl = 0 end
return { count, ttl }
`;

type Script = (key: string, ...args: number[]) => Promise<[number, number]>;

/** Counters shared by every replica through Redis. */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;

  constructor(url: string) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false, connectTimeout: 2000 });
    this.redis.on('error', () => undefined); // failures surface per call as UNAVAILABLE
    this.redis.defineCommand('intentdeskRate', { numberOfKeys: 1, lua: CONSUME });
    this.redis.defineCommand('intentdeskRatePeek', { numberOfKeys: 1, lua: PEEK });
  }

  private script(name: 'intentdeskRate' | 'intentdeskRatePeek'): Script {
    const command = (this.redis as unknown as Record<typeof name, Script>)[name];
    return command.bind(this.redis);
  }

  async consume(key: string, limit: number, windowMs: number): Promise<RateDecision> {
    const [count, ttl] = await this.script('intentdeskRate')(`intentdesk:rate:${key}`, windowMs);
    const now = Date.now();
    return decision(count <= limit, now + ttl, now);
  }

  async peek(key: string, limit: number): Promise<RateDecision> {
    const [count, ttl] = await this.script('intentdeskRatePeek')(`intentdesk:rate:${key}`);
    const now = Date.now();
    return decision(count < limit, now + ttl, now);
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
