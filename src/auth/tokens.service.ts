import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { toDate } from '../database/db-dates.js';
import { DbLock } from '../database/db-lock.js';
import { loginIs } from '../database/user-keys.js';
import { DeskError } from '../envelope/desk-error.js';
import { type Scope, SCOPES } from './principal.js';
import { hashToken, newToken } from './token-hash.js';
import { whereOf } from './visibility.js';

export interface TokenRecord {
  id: number;
  users_id: number;
  name: string;
  prefix: string;
  scopes: Scope[];
  expires_at: Date | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
  created_at: Date;
}

/** What a token is now: revoked, past its expiry, or usable. */
export function tokenState(token: Pick<TokenRecord, 'revoked_at' | 'expires_at'>, now = Date.now()): 'revoked' | 'expired' | 'active' {
  if (token.revoked_at) return 'revoked';
  return token.expires_at && token.expires_at.getTime() <= now ? 'expired' : 'active';
}

interface TokenRow {
  id: number;
  users_id: number;
  name: string;
  prefix: string;
  scopes: string;
  expires_at: Date | string | null;
  revoked_at: Date | string | null;
  last_used_at: Date | string | null;
  created_at: Date | string;
}

export function parseScopes(raw: string): Scope[] {
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter((s): s is Scope => (SCOPES as readonly string[]).includes(s));
}

/** API tokens: created for a user with scopes and an optional expiry; stored as SHA-256 only. */
@Injectable()
export class TokensService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly lock: DbLock,
  ) {}

  /** A new token for the user with id `user`, or with login `user`; returns the login it was made for. */
  async create(
    user: number | string,
    scopes: Scope[],
    expiresInMs: number | null,
    name?: string,
  ): Promise<{ token: string; record: TokenRecord; login: string }> {
    const qb = this.dataSource.createQueryBuilder().select('u.id', 'id').addSelect('u.name', 'name').from('glpi_users', 'u').where('u.is_deleted = 0');
    if (typeof user === 'number') qb.andWhere('u.id = :id', { id: user });
    else whereOf(qb, loginIs(this.dataSource, 'u', user));
    const found = await qb.getRawOne<{ id: number; name: string }>();
    if (!found) throw new DeskError('NOT_FOUND', `User '${user}' not found.`);
    const login = String(found.name);
    const token = newToken();
    const now = new Date();
    const row = {
      users_id: Number(found.id),
      name: name ?? `${login} ${now.toISOString().slice(0, 10)}`,
      token_hash: hashToken(token),
      prefix: token.slice(0, 10),
      scopes: scopes.join(','),
      expires_at: expiresInMs ? new Date(now.getTime() + expiresInMs) : null,
      revoked_at: null,
      last_used_at: null,
      created_at: now,
    };
    const result = await this.lock.exclusive(() => this.dataSource.createQueryBuilder().insert().into('api_tokens').values(row).execute());
    const id = Number(result.identifiers[0]?.id ?? (result.raw as { insertId?: number } | undefined)?.insertId ?? result.raw);
    return { token, record: { ...row, id, scopes }, login };
  }

  /**
   * Keeps a token minted elsewhere (an OAuth access token) as a row like any other: its hash only,
   * so every check of the token table (scopes, expiry, revocation, the admin API, audit) applies.
   */
  async store(token: string, userId: number, scopes: Scope[], expiresAt: Date, name: string): Promise<void> {
    const row = {
      users_id: userId,
      name: name.slice(0, 255),
      token_hash: hashToken(token),
      prefix: token.slice(0, 10),
      scopes: scopes.join(','),
      expires_at: expiresAt,
      revoked_at: null,
      last_used_at: null,
      created_at: new Date(),
    };
    await this.lock.exclusive(() => this.dataSource.createQueryBuilder().insert().into('api_tokens').values(row).execute());
  }

  /** Revokes the row of the token whose value is `token` (an OAuth access token revoked). */
  async revokeValue(token: string): Promise<void> {
    await this.revokeHash(hashToken(token));
  }

  /** Revokes the row of the token whose hash is `hash` (an OAuth access token revoked with its grant: only its hash is kept). */
  async revokeHash(hash: string): Promise<void> {
    await this.lock.exclusive(() =>
      this.dataSource
        .createQueryBuilder()
        .update('api_tokens')
        .set({ revoked_at: new Date() })
        .where('token_hash = :hash AND revoked_at IS NULL', { hash })
        .execute(),
    );
  }

  /** The live token for `token`, or undefined when unknown, expired or revoked. */
  async verify(token: string): Promise<TokenRecord | undefined> {
    const row = await this.dataSource
      .createQueryBuilder()
      .select('t.*')
      .from('api_tokens', 't')
      .where('t.token_hash = :hash', { hash: hashToken(token) })
      .getRawOne<TokenRow>();
    if (!row) return undefined;
    const record = this.toRecord(row);
    if (record.revoked_at) return undefined;
    if (record.expires_at && record.expires_at.getTime() <= Date.now()) return undefined;
    return record;
  }

  async touch(id: number): Promise<void> {
    await this.lock.exclusive(() =>
      this.dataSource.createQueryBuilder().update('api_tokens').set({ last_used_at: new Date() }).where('id = :id', { id }).execute(),
    );
  }

  async list(filter: { users_id?: number } = {}): Promise<TokenRecord[]> {
    const qb = this.dataSource.createQueryBuilder().select('t.*').from('api_tokens', 't').orderBy('t.id', 'DESC').limit(500);
    if (filter.users_id) qb.where('t.users_id = :u', { u: filter.users_id });
    return (await qb.getRawMany<TokenRow>()).map((r) => this.toRecord(r));
  }

  async revoke(id: number): Promise<TokenRecord> {
    await this.lock.exclusive(() =>
      this.dataSource.createQueryBuilder().update('api_tokens').set({ revoked_at: new Date() }).where('id = :id AND revoked_at IS NULL', { id }).execute(),
    );
    const row = await this.dataSource.createQueryBuilder().select('t.*').from('api_tokens', 't').where('t.id = :id', { id }).getRawOne<TokenRow>();
    if (!row) throw DeskError.notFound('Token', id);
    return this.toRecord(row);
  }

  private toRecord(row: TokenRow): TokenRecord {
    return {
      id: Number(row.id),
      users_id: Number(row.users_id),
      name: row.name,
      prefix: row.prefix,
      scopes: parseScopes(row.scopes),
      expires_at: toDate(row.expires_at),
      revoked_at: toDate(row.revoked_at),
      last_used_at: toDate(row.last_used_at),
      created_at: toDate(row.created_at)!,
    };
  }
}
