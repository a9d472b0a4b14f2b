import { Injectable } from '@nestjs/common';
import { DeskError } from '../envelope/desk-error.js';
import { CallLimits } from './call-limits.js';
import { ExternalTokens } from './external-tokens.js';
import type { Principal, Scope } from './principal.js';
import { PrincipalLoader } from './principal.loader.js';
import { grantsScope } from './rights.js';
import { hasIssuedShape } from './token-hash.js';
import { TokensService } from './tokens.service.js';

const CACHE_MS = 5_000;
const TOUCH_EVERY_MS = 60_000;
/** Tokens remembered at once; past it the oldest entry goes (never the whole cache). */
const MAX_CACHED = 10_000;
/** Refused tokens remembered apart, so a flood of them can never push a good token out. */
const MAX_REFUSED_CACHED = 1_000;

interface CacheEntry<T> {
  value: T;
  until: number;
}

/** A map of entries that expire, bounded by dropping the oldest inserted. */
class ExpiringCache<T> {
  private readonly entries = new Map<string, CacheEntry<T>>();

  constructor(private readonly max: number) {}

  get(key: string, now: number): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > now) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: T, until: number): void {
    this.entries.delete(key);
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, until });
  }

  clear(): void {
    this.entries.clear();
  }
}

/** A known caller whose token lacks the scope asked for: FORBIDDEN, and the refusal says who it was (audit, logs). */
export class ScopeRefused extends DeskError {
  constructor(
    readonly principal: Principal,
    scope: Scope,
  ) {
    const why = scope === 'admin' ? ", or its user's profile gives no admin right (Super-Admin and Admin do)" : '';
    super('FORBIDDEN', `This token lacks the '${scope}' scope${why}.`);
  }
}

/**
 * Bearer token -> principal. A short cache keeps the hot path off the database; revocation and
 * expiry therefore take effect within CACHE_MS. last_used_at is written at most once a minute.
 * Missing, malformed and unknown tokens are counted per client address (RATE_LIMIT_UNAUTHENTICATED):
 * past the budget they are refused with 429. A well-formed token is still looked up then (see checked).
 */
@Injectable()
export class AuthService {
  private readonly principals = new ExpiringCache<Principal>(MAX_CACHED);
  private readonly refused = new ExpiringCache<true>(MAX_REFUSED_CACHED);
  private readonly touched = new Map<number, number>();

  constructor(
    private readonly tokens: TokensService,
    private readonly loader: PrincipalLoader,
    private readonly limits: CallLimits,
    private readonly external: ExternalTokens,
  ) {}

  /**
   * The principal of `authorization` ("Bearer <token>") having `scope`; throws UNAUTHENTICATED /
   * FORBIDDEN, or RATE_LIMITED when the token is missing, malformed or unknown and `clientAddress`
   * has sent too many such (stdio, which has no client address, is not limited here).
   */
  async authenticate(authorization: string | undefined, scope: Scope, clientAddress?: string): Promise<Principal> {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
    const now = Date.now();
    const principal = (token === undefined ? undefined : this.principals.get(token, now)) ?? (await this.checked(token, now, clientAddress));
    if (!grantsScope(principal.scopes, scope, true)) throw new ScopeRefused(principal, scope);
    return principal;
  }

  /**
   * The principal of a token not in the cache. A token of a shape some issuer gives is looked up
   * whatever its address has spent, so a flood of bad tokens from a shared address (127.0.0.1, a NAT)
   * never locks its users out; anything else is refused without a read. A refusal counts against
   * the address, and past its budget is RATE_LIMITED instead of UNAUTHENTICATED.
   */
  private async checked(token: string | undefined, now: number, clientAddress: string | undefined): Promise<Principal> {
    const principal = token !== undefined && this.mayBeIssued(token) ? await this.lookUp(token, now) : undefined;
    if (principal) return principal;
    if (clientAddress !== undefined) await this.limits.countRefusedToken(clientAddress);
    throw token === undefined
      ? new DeskError('UNAUTHENTICATED', 'A bearer token is required: Authorization: Bearer <token>.')
      : new DeskError('UNAUTHENTICATED', 'The token is unknown, expired or revoked.');
  }

  /** Whether looking `token` up can find a caller: this server's tokens, or the external issuer's JWTs. */
  private mayBeIssued(token: string): boolean {
    return hasIssuedShape(token) || this.external.recognises(token);
  }

  private async lookUp(token: string, now: number): Promise<Principal | undefined> {
    if (this.refused.get(token, now)) return undefined;
    const record = await this.tokens.verify(token);
    const external = record ? undefined : await this.external.verify(token).catch(() => undefined);
    const principal = record
      ? await this.loader.load(record.users_id, record.id, record.scopes)
      : external && (await this.loader.load(external.userId, null, external.scopes));
    if (!principal) {
      this.refused.set(token, true, now + CACHE_MS);
      return undefined;
    }
    this.principals.set(token, principal, now + CACHE_MS);
    if (record && now - (this.touched.get(record.id) ?? 0) > TOUCH_EVERY_MS) {
      this.touched.set(record.id, now);
      void this.tokens.touch(record.id).catch(() => undefined);
    }
    return principal;
  }

  /** Forgets cached principals (after revocation or rights changes in this process). */
  invalidate(): void {
    this.principals.clear();
    this.refused.clear();
  }
}
