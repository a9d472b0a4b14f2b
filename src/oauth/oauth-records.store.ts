import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { dateParam, type DbDate, toDate } from '../database/db-dates.js';
import { DbLock } from '../database/db-lock.js';

/** One stored thing of the authorization server: its kind (the provider's model name, or ours) and id. */
export interface OAuthRecord<T = Record<string, unknown>> {
  kind: string;
  id: string;
  payload: T;
  grantId: string | null;
  uid: string | null;
  expiresAt: Date | null;
  consumedAt: Date | null;
}

interface RecordRow {
  kind: string;
  id: string;
  payload: string;
  grant_id: string | null;
  uid: string | null;
  expires_at: DbDate | null;
  consumed_at: DbDate | null;
}

/**
 * The table `oauth_records`: every piece of the authorization server's state (clients, grants,
 * codes, refresh tokens, interactions, sessions, keys) on the shared database, so any replica
 * continues a flow another one began. Expired rows read as absent and are swept now and then.
 */
@Injectable()
export class OAuthRecordsStore {
  private readonly sqlite: boolean;
  private lastSweep = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly lock: DbLock,
  ) {
    this.sqlite = dataSource.options.type === 'better-sqlite3';
  }

  async find<T = Record<string, unknown>>(kind: string, id: string): Promise<OAuthRecord<T> | undefined> {
    const row = await this.select().where('r.kind = :kind AND r.id = :id', { kind, id }).getRawOne<RecordRow>();
    return this.live<T>(row);
  }

  async findByUid<T = Record<string, unknown>>(kind: string, uid: string): Promise<OAuthRecord<T> | undefined> {
    const row = await this.select().where('r.kind = :kind AND r.uid = :uid', { kind, uid }).getRawOne<RecordRow>();
    return this.live<T>(row);
  }

  /** The live records of `kind` that belong to a grant. */
  async findByGrant(kind: string, grantId: string): Promise<Array<OAuthRecord>> {
    const rows = await this.select().where('r.kind = :kind AND r.grant_id = :grantId', { kind, grantId }).getRawMany<RecordRow>();
    return rows.map((row) => this.live(row)).filter((r): r is OAuthRecord => r !== undefined);
  }

  /** Writes the record whole (a replace), expiring `expiresInSeconds` from now (never when undefined). */
  async save(
    kind: string,
    id: string,
    payload: object,
    options: { grantId?: string | null; uid?: string | null; expiresInSeconds?: number } = {},
  ): Promise<void> {
    const values = {
      payload: JSON.stringify(payload),
      grant_id: options.grantId ?? null,
      uid: options.uid ?? null,
      expires_at: options.expiresInSeconds ? this.date(new Date(Date.now() + options.expiresInSeconds * 1000)) : null,
      consumed_at: null,
    };
    await this.lock.exclusive(() =>
      this.dataSource.transaction(async (m) => {
        await m.createQueryBuilder().delete().from('oauth_records').where('kind = :kind AND id = :id', { kind, id }).execute();
        await m
          .createQueryBuilder()
          .insert()
          .into('oauth_records')
          .values({ kind, id, ...values })
          .execute();
      }),
    );
    this.sweepNowAndThen();
  }

  /** Inserts unless a record is there already (first writer wins, for values every replica must share). */
  async saveIfAbsent(kind: string, id: string, payload: object): Promise<void> {
    if (await this.find(kind, id)) return;
    await this.lock
      .exclusive(() =>
        this.dataSource
          .createQueryBuilder()
          .insert()
          .into('oauth_records')
          .values({ kind, id, payload: JSON.stringify(payload), grant_id: null, uid: null, expires_at: null, consumed_at: null })
          .execute(),
      )
      .catch(async (error: unknown) => {
        if (!(await this.find(kind, id))) throw error; // lost the race: the other writer's value stands
      });
  }

  /** Marks a record used; true when this call was the one that did (a second use finds it consumed). */
  async consume(kind: string, id: string): Promise<boolean> {
    const result = await this.lock.exclusive(() =>
      this.dataSource
        .createQueryBuilder()
        .update('oauth_records')
        .set({ consumed_at: this.date(new Date()) })
        .where('kind = :kind AND id = :id AND consumed_at IS NULL', { kind, id })
        .execute(),
    );
    return (result.affected ?? 0) > 0;
  }

  async destroy(kind: string, id: string): Promise<void> {
    await this.lock.exclusive(() =>
      this.dataSource.createQueryBuilder().delete().from('oauth_records').where('kind = :kind AND id = :id', { kind, id }).execute(),
    );
  }

  async destroyGrant(kind: string, grantId: string): Promise<void> {
    await this.lock.exclusive(() =>
      this.dataSource.createQueryBuilder().delete().from('oauth_records').where('kind = :kind AND grant_id = :grantId', { kind, grantId }).execute(),
    );
  }

  /** Dates in the form each database compares correctly (see dateParam). */
  private date(value: Date): Date | string {
    return dateParam(value, this.sqlite);
  }

  private select() {
    return this.dataSource.createQueryBuilder().select('r.*').from('oauth_records', 'r');
  }

  private live<T>(row: RecordRow | undefined): OAuthRecord<T> | undefined {
    if (!row) return undefined;
    const expiresAt = toDate(row.expires_at);
    if (expiresAt && expiresAt.getTime() <= Date.now()) return undefined;
    return {
      kind: row.kind,
      id: row.id,
      payload: JSON.parse(row.payload) as T,
      grantId: row.grant_id,
      uid: row.uid,
      expiresAt,
      consumedAt: toDate(row.consumed_at),
    };
  }

  /** Drops expired rows at most once a minute, off the request's path. */
  private sweepNowAndThen(): void {
    const now = Date.now();
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    void this.lock
      .exclusive(() =>
        this.dataSource
          .createQueryBuilder()
          .delete()
          .from('oauth_records')
          .where('expires_at IS NOT NULL AND expires_at < :now', { now: this.date(new Date(now)) })
          .execute(),
      )
      .catch(() => undefined);
  }
}
