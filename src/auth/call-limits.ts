import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { loginKey } from '../database/user-keys.js';
import { DeskError } from '../envelope/desk-error.js';
import type { RateDecision, RateLimiter } from './rate-limiter.js';

/** The per-user budget a call spends. */
export type RateClass = 'read' | 'write';

export const RATE_LIMITER = Symbol('RATE_LIMITER');
const WINDOW_MS = 60_000;

/** Which budget a refusal spent: a user's reads or writes, or a client address's unauthenticated requests. */
export interface SpentLimit {
  /** The counter's key (one audit row per key and window). */
  key: string;
  kind: RateClass | 'unauthenticated' | 'sign-in';
  max: number;
  /** End of the window the refusal fell in (ms since the epoch). */
  resetAt: number;
  userId: number | null;
  address: string | null;
}

/**
 * RATE_LIMITED from a per-minute budget. Its refusals are audited as one row per key and window
 * (AuditService.recordRefusal), so a flood past the limit costs no database write per call.
 */
export class RateLimitedError extends DeskError {
  constructor(
    readonly spent: SpentLimit,
    message: string,
    retryAfterSeconds: number,
  ) {
    super('RATE_LIMITED', message, { retryAfterSeconds });
  }
}

const SIGN_IN_WINDOW_MS = 15 * 60_000;
const SIGN_IN_FAILURES_PER_ACCOUNT = 10;
const SIGN_IN_FAILURES_PER_ADDRESS = 30;

function signInCounters(login: string, address: string): Array<[string, number]> {
  return [
    // Per account, not per spelling: every login with the account's key reaches it (loginIs).
    [`sign-in:account:${loginKey(login)}`, SIGN_IN_FAILURES_PER_ACCOUNT],
    [`sign-in:address:${address}`, SIGN_IN_FAILURES_PER_ADDRESS],
  ];
}

/**
 * The per-minute budgets: every call of a user (reads and writes counted apart, refused calls
 * included), counted right after the token check and before anything else reads the database; and
 * requests with a missing, malformed or unknown token, per client address.
 */
@Injectable()
export class CallLimits implements OnApplicationShutdown {
  constructor(
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    private readonly config: AppConfig,
  ) {}

  /** Closes the counters' connection (Redis), so a CLI or a stopping server exits. */
  async onApplicationShutdown(): Promise<void> {
    await this.limiter.close();
  }

  /**
   * Counts one call of `userId`; RATE_LIMITED past the limit of its kind. Counters kept in this
   * process count at once (undefined: admitted; a refusal is thrown); a shared store answers a promise.
   */
  admitCall(userId: number, kind: RateClass): Promise<void> | undefined {
    const max = kind === 'write' ? this.config.rateLimitWrites : this.config.rateLimitReads;
    const key = `${kind}:${userId}`;
    if (this.limiter.consumeNow) {
      admitted(this.limiter.consumeNow(key, max, WINDOW_MS), key, kind, max, userId);
      return undefined;
    }
    return this.guarded(() => this.limiter.consume(key, max, WINDOW_MS)).then((decision) => {
      admitted(decision, key, kind, max, userId);
    });
  }

  /**
   * Before a password is checked: RATE_LIMITED when the account or the address has had too many
   * failed sign-ins (SIGN_IN_FAILURES_PER_ACCOUNT / _PER_ADDRESS in SIGN_IN_WINDOW_MS), so guessing
   * is slow whether one account is tried from many addresses or many accounts from one.
   */
  async admitSignIn(login: string, address: string): Promise<void> {
    for (const [key, max] of signInCounters(login, address)) {
      const decision = await this.guarded(() => this.limiter.peek(key, max));
      if (!decision.allowed) {
        throw new RateLimitedError(
          { key, kind: 'sign-in', max, resetAt: decision.resetAt, userId: null, address },
          `Too many failed sign-ins. Wait ${decision.retryAfterSeconds} s and try again.`,
          decision.retryAfterSeconds,
        );
      }
    }
  }

  /** Counts a failed sign-in against the account and the address. */
  async countFailedSignIn(login: string, address: string): Promise<void> {
    for (const [key, max] of signInCounters(login, address)) {
      await this.limiter.consume(key, max, SIGN_IN_WINDOW_MS).catch(() => undefined);
    }
  }

  /**
   * Counts a missing, malformed or unknown token against `address`; RATE_LIMITED once the address is
   * past its budget. The caller refuses the request either way, so a store that cannot count leaves
   * that refusal as it is. Why the budget does not stop a well-formed token being looked up (one
   * index probe, as a valid call costs): tokens are 256 random bits, so lookups teach a guesser
   * nothing, and each guess still counts here, so the address stays refused whatever it sends next.
   */
  async countRefusedToken(address: string): Promise<void> {
    const max = this.config.rateLimitUnauthenticated;
    const key = `unauthenticated:${address}`;
    const decision = await this.limiter.consume(key, max, WINDOW_MS).catch(() => undefined);
    if (decision?.allowed !== false) return;
    throw new RateLimitedError(
      { key, kind: 'unauthenticated', max, resetAt: decision.resetAt, userId: null, address },
      `Too many missing or refused tokens from this address: any token that is not valid is refused for ${decision.retryAfterSeconds} s (a valid one still works). Wait, then retry.`,
      decision.retryAfterSeconds,
    );
  }

  private async guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch {
      throw new DeskError('UNAVAILABLE', 'The rate-limit store is unavailable right now. Retry in a few seconds.', { retryAfterSeconds: 2 });
    }
  }
}

/** Nothing when `decision` admits the call; RATE_LIMITED, saying when to retry, when it does not. */
function admitted(decision: RateDecision, key: string, kind: RateClass, max: number, userId: number): void {
  if (decision.allowed) return;
  throw new RateLimitedError(
    { key, kind, max, resetAt: decision.resetAt, userId, address: null },
    `Rate limit reached: ${max} ${kind} calls per minute. Wait ${decision.retryAfterSeconds} s and retry.`,
    decision.retryAfterSeconds,
  );
}
