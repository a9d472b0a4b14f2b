import { Injectable } from '@nestjs/common';
import { ToolError } from '../common/errors/tool-error.js';
import type { Principal, Scope } from './principal.js';
import { PrincipalLoader } from './principal.loader.js';
import { TokensService } from './tokens.service.js';

const CACHE_MS = 5_000;
const TOUCH_EVERY_MS = 60_000;

interface CacheEntry {
  principal: Principal | undefined;
  until: number;
}

/**
 * Bearer token -> principal. A short cache keeps the hot path off the database; revocation and
 * expiry therefore take effect within CACHE_MS. last_used_at is written at most once a minute.
 */
@Injectable()
export class AuthService {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly touched = new Map<number, number>();

  constructor(
    private readonly tokens: TokensService,
    private readonly principals: PrincipalLoader,
  ) {}

  /** The principal of `authorization` ("Bearer <token>") having `scope`; throws UNAUTHENTICATED / FORBIDDEN. */
  async authenticate(authorization: string | undefined, scope: Scope): Promise<Principal> {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
    if (!token) throw new ToolError('UNAUTHENTICATED', 'A bearer token is required: Authorization: Bearer <token>.');
    const principal = await this.principalOf(token);
    if (!principal) throw new ToolError('UNAUTHENTICATED', 'The token is unknown, expired or revoked.');
    if (!principal.scopes.includes(scope)) {
      const why = scope === 'admin' ? ", or its user's profile gives no admin right (Super-Admin and Admin do)" : '';
      throw new ToolError('FORBIDDEN', `This token lacks the '${scope}' scope${why}.`);
    }
    return principal;
  }

  private async principalOf(token: string): Promise<Principal | undefined> {
    const now = Date.now();
    const cached = this.cache.get(token);
    if (cached && cached.until > now) return cached.principal;
    const record = await this.tokens.verify(token);
    const principal = record ? await this.principals.load(record.users_id, record.id, record.scopes) : undefined;
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(token, { principal, until: now + CACHE_MS });
    if (record && now - (this.touched.get(record.id) ?? 0) > TOUCH_EVERY_MS) {
      this.touched.set(record.id, now);
      void this.tokens.touch(record.id).catch(() => undefined);
    }
    return principal;
  }

  /** Forgets cached principals (after revocation or rights changes in this process). */
  invalidate(): void {
    this.cache.clear();
  }
}
