import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Domain } from '../auth/principal.js';
import { AppConfig } from '../config/app-config.js';
import { toDate } from '../database/db-dates.js';
import { DbLock } from '../database/db-lock.js';
import { andThen, type Maybe } from '../database/maybe.js';
import { readRows, rowsOf } from '../database/read-rows.js';
import { isLiveSession } from './intent-lock.decision.js';
import { newSessionId } from './session-id.js';

export interface SessionRow {
  id: string;
  users_id: number;
  domain: Domain;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  ended_at: Date | null;
  verified_until: Date | null;
  otp_hash: string | null;
  otp_expires_at: Date | null;
  otp_failures: number;
  otp_locked_until: Date | null;
  switch_count: number;
}

type RawRow = Record<keyof SessionRow, unknown>;

/** A date column as read (a Date from mysql2, UTC text from SQLite, or NULL). */
function dateOf(value: unknown): Date | null {
  return toDate(value as Date | string | null);
}
/** Idle sessions are extended at most this often, so a burst of calls costs no writes. */
const TOUCH_EVERY_MS = 30_000;

/**
 * Server-side sessions of the intent lock. They live in the database so every replica sees the same
 * lock and verification; a session belongs to one user and expires after SESSION_IDLE_MINUTES idle.
 */
@Injectable()
export class SessionsRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly lock: DbLock,
  ) {}

  private get idleMs(): number {
    return this.config.sessionIdleMinutes * 60_000;
  }

  async open(userId: number, domain: Domain, since?: number): Promise<SessionRow> {
    const now = new Date();
    const row = {
      id: newSessionId(),
      users_id: userId,
      domain,
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(now.getTime() + this.idleMs),
      ended_at: null,
      verified_until: null,
      otp_hash: null,
      otp_expires_at: null,
      otp_failures: 0,
      otp_locked_until: null,
      switch_count: 0,
    };
    await this.lock.exclusive(() => this.dataSource.createQueryBuilder().insert().into('mcp_sessions').values(row).execute(), since);
    return row;
  }

  /** The live session `id` of `userId`; undefined when unknown, another user's, ended or expired. */
  async findLive(id: string, userId: number): Promise<SessionRow | undefined> {
    const row = await this.get(id);
    return row && isLiveSession(row, { userId, now: Date.now() }) ? row : undefined;
  }

  /** True when `touch` would write: the session was last extended long enough ago. */
  touchDue(row: SessionRow, now = Date.now()): boolean {
    return now - row.last_seen_at.getTime() >= TOUCH_EVERY_MS;
  }

  /** Extends an idle session's life (throttled). `since`: the start of the call, which the database's deadline counts from. */
  async touch(row: SessionRow, since?: number): Promise<void> {
    const now = Date.now();
    if (!this.touchDue(row, now)) return;
    await this.update(row.id, { last_seen_at: new Date(now), expires_at: new Date(now + this.idleMs) }, since);
  }

  async switchDomain(row: SessionRow, domain: Domain, since?: number): Promise<void> {
    const now = Date.now();
    await this.lock.exclusive(
      () =>
        this.dataSource
          .createQueryBuilder()
          .update('mcp_sessions')
          .set({ domain, last_seen_at: new Date(now), expires_at: new Date(now + this.idleMs), switch_count: () => 'switch_count + 1' })
          .where('id = :id', { id: row.id })
          .execute(),
      since,
    );
  }

  async update(id: string, values: Partial<Record<keyof SessionRow, unknown>>, since?: number): Promise<void> {
    await this.lock.exclusive(() => this.dataSource.createQueryBuilder().update('mcp_sessions').set(values).where('id = :id', { id }).execute(), since);
  }

  async end(id: string): Promise<boolean> {
    const result = await this.lock.exclusive(() =>
      this.dataSource.createQueryBuilder().update('mcp_sessions').set({ ended_at: new Date() }).where('id = :id AND ended_at IS NULL', { id }).execute(),
    );
    return (result.affected ?? 0) > 0;
  }

  /** The session stored under `id`, whoever owns it and whether or not it is still live (`manager`: inside a transaction). */
  get(id: string, manager?: EntityManager): Maybe<SessionRow | undefined> {
    // Every tool call reads its session: plain SQL (the same on both databases), no query builder,
    // and on SQLite no promise (maybe.ts).
    return andThen(rowsOf<RawRow>(manager ?? this.dataSource, 'SELECT * FROM mcp_sessions WHERE id = ?', [id]), ([raw]) => (raw ? this.toRow(raw) : undefined));
  }

  /**
   * The session stored under `id`, read inside a write's transaction and held until it commits: on
   * MySQL/MariaDB a shared lock, so a domain_switch, an end or a verification ended meanwhile waits
   * for the write (or the write sees it); SQLite's write transaction already excludes other writes.
   */
  async getForWrite(manager: EntityManager, id: string): Promise<SessionRow | undefined> {
    const held = manager.dataSource.options.type === 'better-sqlite3' ? '' : ' LOCK IN SHARE MODE';
    const [raw] = await readRows<RawRow>(manager, `SELECT * FROM mcp_sessions WHERE id = ?${held}`, [id]);
    return raw ? this.toRow(raw) : undefined;
  }

  /**
   * Counts one try of the session's pending code, unless none may be counted now (not the user's,
   * ended, expired, locked, no code pending, or `max` tries reached): a conditional update, so
   * concurrent tries never count past the limit. True when the try was counted.
   */
  async countCodeTry(manager: EntityManager, id: string, userId: number, now: Date, max: number): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update('mcp_sessions')
      .set({ otp_failures: () => 'otp_failures + 1' })
      .where(
        'id = :id AND users_id = :userId AND ended_at IS NULL AND expires_at > :now' +
          ' AND (otp_locked_until IS NULL OR otp_locked_until <= :now)' +
          ' AND otp_hash IS NOT NULL AND otp_expires_at > :now AND otp_failures < :max',
        { id, userId, now, max },
      )
      .execute();
    return (result.affected ?? 0) === 1;
  }

  /**
   * Stores a new pending code for the session unless one was issued less than `resendMs` ago and is
   * still pending (a conditional update: concurrent requests issue one code). `ttlMs`: how long a
   * code lives, from which its issue time is read back. True when the code was stored.
   */
  async issueCode(id: string, hash: string, now: number, ttlMs: number, resendMs: number, since?: number): Promise<boolean> {
    const expiresAt = new Date(now + ttlMs);
    // A pending code issued at t expires at t + ttl: issued at least resendMs ago means it expires by now - resendMs + ttl.
    const issuedBefore = new Date(now - resendMs + ttlMs);
    const result = await this.lock.exclusive(
      () =>
        this.dataSource
          .createQueryBuilder()
          .update('mcp_sessions')
          .set({ otp_hash: hash, otp_expires_at: expiresAt })
          .where('id = :id AND (otp_hash IS NULL OR otp_expires_at IS NULL OR otp_expires_at <= :issuedBefore)', { id, issuedBefore })
          .execute(),
      since,
    );
    return (result.affected ?? 0) === 1;
  }

  /** Verifies the session until `until` if its pending code is still `hash` (a code verifies once); true when it did. */
  async verifyWithCode(manager: EntityManager, id: string, hash: string, until: Date): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update('mcp_sessions')
      .set({ otp_hash: null, otp_expires_at: null, otp_failures: 0, verified_until: until })
      .where('id = :id AND otp_hash = :hash', { id, hash })
      .execute();
    return (result.affected ?? 0) === 1;
  }

  /** Locks the session's verification until `until`, dropping its pending code. */
  async lockVerification(manager: EntityManager, id: string, until: Date): Promise<void> {
    await manager
      .createQueryBuilder()
      .update('mcp_sessions')
      .set({ otp_locked_until: until, otp_hash: null, otp_expires_at: null, otp_failures: 0 })
      .where('id = :id', { id })
      .execute();
  }

  async list(filter: { users_id?: number; live?: boolean; limit?: number }): Promise<SessionRow[]> {
    const qb = this.dataSource
      .createQueryBuilder()
      .select('s.*')
      .from('mcp_sessions', 's')
      .orderBy('s.last_seen_at', 'DESC')
      .limit(Math.min(filter.limit ?? 100, 500));
    if (filter.users_id) qb.andWhere('s.users_id = :u', { u: filter.users_id });
    if (filter.live) qb.andWhere('s.ended_at IS NULL AND s.expires_at > :now', { now: new Date() });
    return (await qb.getRawMany<RawRow>()).map((r) => this.toRow(r));
  }

  /**
   * One literal of the row's columns (every tool call reads its session): a copy of the raw row
   * given its dates one by one took a new shape at each, under names known only at run time.
   */
  private toRow(raw: RawRow): SessionRow {
    return {
      id: raw.id as string,
      users_id: Number(raw.users_id),
      domain: raw.domain as Domain,
      created_at: dateOf(raw.created_at) as Date,
      last_seen_at: dateOf(raw.last_seen_at) as Date,
      expires_at: dateOf(raw.expires_at) as Date,
      ended_at: dateOf(raw.ended_at),
      verified_until: dateOf(raw.verified_until),
      otp_hash: raw.otp_hash as string | null,
      otp_expires_at: dateOf(raw.otp_expires_at),
      otp_failures: Number(raw.otp_failures ?? 0),
      otp_locked_until: dateOf(raw.otp_locked_until),
      switch_count: Number(raw.switch_count ?? 0),
    };
  }
}
