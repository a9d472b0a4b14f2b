import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { toDate } from '../database/db-dates.js';
import { DbLock } from '../database/db-lock.js';
import type { Approval, ApprovalPreview, ApprovalStatus } from './approval.js';

/** A row as the drivers return it: text, numbers, and dates as Date (mysql2) or text (SQLite). */
interface RawRow {
  id: string;
  users_id: number | string;
  session_id: string;
  tool: string;
  domain: string | null;
  payload_hash: string;
  payload: string;
  preview: string;
  arguments: string;
  idempotency_key: string | null;
  client_name: string | null;
  status: string;
  created_at: Date | string;
  expires_at: Date | string;
  decided_at: Date | string | null;
  consumed_at: Date | string | null;
}

const COLUMNS = [
  'id',
  'users_id',
  'session_id',
  'tool',
  'domain',
  'payload_hash',
  'payload',
  'preview',
  'arguments',
  'idempotency_key',
  'client_name',
  'status',
  'created_at',
  'expires_at',
  'decided_at',
  'consumed_at',
].map((c) => `a.${c} AS ${c}`);

function rowOf(raw: RawRow): Approval {
  return {
    id: raw.id,
    users_id: Number(raw.users_id),
    session_id: raw.session_id,
    tool: raw.tool,
    domain: raw.domain,
    payload_hash: raw.payload_hash,
    payload: raw.payload,
    preview: JSON.parse(raw.preview) as ApprovalPreview,
    arguments: JSON.parse(raw.arguments) as Record<string, unknown>,
    idempotency_key: raw.idempotency_key,
    client_name: raw.client_name,
    status: raw.status as ApprovalStatus,
    created_at: toDate(raw.created_at) ?? new Date(0),
    expires_at: toDate(raw.expires_at) ?? new Date(0),
    decided_at: toDate(raw.decided_at),
    consumed_at: toDate(raw.consumed_at),
  };
}

/**
 * Approvals of held writes. Every change of state is one conditional UPDATE (from the state it
 * leaves, before the expiry): two deciders, or two executions of one approval, meet in the database
 * and only one of them changes the row.
 */
@Injectable()
export class ApprovalsRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly lock: DbLock,
  ) {}

  async create(approval: Approval, since?: number): Promise<void> {
    const row = { ...approval, preview: JSON.stringify(approval.preview), arguments: JSON.stringify(approval.arguments) };
    await this.lock.exclusive(() => this.dataSource.createQueryBuilder().insert().into('approvals').values(row).execute(), since);
  }

  async get(id: string, manager?: EntityManager): Promise<Approval | undefined> {
    const raw = await (manager ?? this.dataSource).createQueryBuilder().select(COLUMNS).from('approvals', 'a').where('a.id = :id', { id }).getRawOne<RawRow>();
    return raw ? rowOf(raw) : undefined;
  }

  /** The newest approval of this exact write (user, session, tool, payload) not yet used up, if any. */
  async findOpen(userId: number, sessionId: string, tool: string, hash: string): Promise<Approval | undefined> {
    const raw = await this.dataSource
      .createQueryBuilder()
      .select(COLUMNS)
      .from('approvals', 'a')
      .where('a.users_id = :userId AND a.session_id = :sessionId AND a.tool = :tool AND a.payload_hash = :hash', { userId, sessionId, tool, hash })
      .andWhere("a.status IN ('pending', 'approved', 'rejected') AND a.consumed_at IS NULL AND a.expires_at > :now", { now: new Date() })
      .orderBy('a.created_at', 'DESC')
      .limit(1)
      .getRawOne<RawRow>();
    return raw ? rowOf(raw) : undefined;
  }

  /** The person's decision: only the approval's user, only while pending and not expired. True when it was this call that decided. */
  async decide(id: string, userId: number, decision: 'approved' | 'rejected'): Promise<boolean> {
    const now = new Date();
    const result = await this.lock.exclusive(() =>
      this.dataSource
        .createQueryBuilder()
        .update('approvals')
        .set({ status: decision, decided_at: now })
        .where("id = :id AND users_id = :userId AND status = 'pending' AND expires_at > :now", { id, userId, now })
        .execute(),
    );
    return result.affected === 1;
  }

  /**
   * Uses the approval for this exact write, inside the write's transaction: it must be approved, not
   * expired, and given for this user, session, tool and payload hash. True when this call consumed it.
   */
  async consume(manager: EntityManager, approval: Pick<Approval, 'id' | 'users_id' | 'session_id' | 'tool' | 'payload_hash'>, now: Date): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update('approvals')
      .set({ status: 'consumed', consumed_at: now })
      .where(
        "id = :id AND users_id = :userId AND session_id = :sessionId AND tool = :tool AND payload_hash = :hash AND status = 'approved' AND expires_at > :now",
        { id: approval.id, userId: approval.users_id, sessionId: approval.session_id, tool: approval.tool, hash: approval.payload_hash, now },
      )
      .execute();
    return result.affected === 1;
  }

  /** A rejection told to the model once: the same write asked again afterwards starts a new approval. */
  async closeRejected(id: string): Promise<void> {
    await this.lock.exclusive(() =>
      this.dataSource
        .createQueryBuilder()
        .update('approvals')
        .set({ consumed_at: new Date() })
        .where("id = :id AND status = 'rejected' AND consumed_at IS NULL", { id })
        .execute(),
    );
  }

  /** An operator withdraws an approval nobody used yet. True when it was open. */
  async cancel(id: string): Promise<boolean> {
    const result = await this.lock.exclusive(() =>
      this.dataSource
        .createQueryBuilder()
        .update('approvals')
        .set({ status: 'cancelled', decided_at: new Date() })
        .where("id = :id AND status IN ('pending', 'approved')", { id })
        .execute(),
    );
    return result.affected === 1;
  }

  /** How the page names a user: "Firstname Lastname (login)". */
  async userLabel(userId: number): Promise<string> {
    const row = await this.dataSource
      .createQueryBuilder()
      .select(['u.name AS name', 'u.firstname AS firstname', 'u.realname AS realname'])
      .from('glpi_users', 'u')
      .where('u.id = :userId', { userId })
      .getRawOne<{ name: string; firstname: string | null; realname: string | null }>();
    if (!row) return `#${userId}`;
    const full = [row.firstname, row.realname].filter(Boolean).join(' ');
    return full ? `${full} (${row.name})` : row.name;
  }

  /** Approvals still waiting for a person (or approved and not used yet), newest first. */
  async listOpen(limit: number): Promise<Approval[]> {
    const rows = await this.dataSource
      .createQueryBuilder()
      .select(COLUMNS)
      .from('approvals', 'a')
      .where("a.status IN ('pending', 'approved') AND a.expires_at > :now", { now: new Date() })
      .orderBy('a.created_at', 'DESC')
      .limit(limit)
      .getRawMany<RawRow>();
    return rows.map(rowOf);
  }
}
