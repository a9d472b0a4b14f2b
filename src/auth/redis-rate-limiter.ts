import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import { withoutPassword } from '../config/app-config.js';
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

  private readonly logger = new Logger('RateLimit');
  /** While Redis cannot be reached: its outage is logged once, at its start, and its end once. */
  private down = false;
  /** Why the counters may not be used at all (set once; see the error handler). */
  private wrongDatabase: string | undefined;

  constructor(url: string) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false, connectTimeout: 2000 });
    const shown = withoutPassword(url);
    // Calls answer UNAVAILABLE meanwhile; the operator's log says why (a wrong database number included).
    this.redis.on('error', (error: Error) => {
      // A database number the server does not have: ioredis would go on in database 0, another
      // deployment's counters. Refused instead, every call UNAVAILABLE, until the URL is fixed.
      if (/DB index is out of range/i.test(error.message) && !this.wrongDatabase) {
        this.wrongDatabase = `REDIS_URL names a database this Redis server does not have (${error.message})`;
        this.logger.error(`${this.wrongDatabase}: calls answer UNAVAILABLE until REDIS_URL is fixed`);
        return;
      }
      if (this.down) return;
      this.down = true;
      this.logger.warn(`Redis ${shown} cannot be reached (${error.message}): calls answer UNAVAILABLE until it is back`);
    });
    this.redis.on('ready', () => {
      if (!this.down || this.wrongDatabase) return;
      this.down = false;
      this.logger.log(`Redis ${shown} is reachable again`);
    });
    this.redis.defineCommand('intentdeskRate', { numberOfKeys: 1, lua: CONSUME });
    this.redis.defineCommand('intentdeskRatePeek', { numberOfKeys: 1, lua: PEEK });
  }

  private script(name: 'intentdeskRate' | 'intentdeskRatePeek'): Script {
    const command = (this.redis as unknown as Record<typeof name, Script>)[name];
    return command.bind(this.redis);
  }

  async consume(key: string, limit: number, windowMs: number): Promise<RateDecision> {
    this.usable();
    const [count, ttl] = await this.script('intentdeskRate')(`intentdesk:rate:${key}`, windowMs);
    const now = Date.now();
    return decision(count <= limit, now + ttl, now);
  }

  async peek(key: string, limit: number): Promise<RateDecision> {
    this.usable();
    const [count, ttl] = await this.script('intentdeskRatePeek')(`intentdesk:rate:${key}`);
    const now = Date.now();
    return decision(count < limit, now + ttl, now);
  }

  async ping(): Promise<void> {
    this.usable();
    await this.redis.ping();
  }

  /** Throws (the call then answers UNAVAILABLE, /ready says Redis is down) while the counters are in the wrong database. */
  private usable(): void {
    if (this.wrongDatabase) throw new Error(this.wrongDatabase);
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
