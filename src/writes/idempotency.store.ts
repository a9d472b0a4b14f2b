import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { IdempotencyRecord } from '../database/entities/index.js';
import { readRows } from '../database/read-rows.js';
import { insertRow, updateRows } from '../database/write-rows.js';
import { DeskError } from '../envelope/desk-error.js';
import { type Outcome, Replay } from '../envelope/envelope.js';

interface RecordRow {
  fingerprint: string;
  status: string;
  result: string | null;
}

/**
 * Idempotency records: (user, tool, key) is unique; the result is stored in the write's own transaction.
 * Plain SQL (readRows, insertRow, updateRows), so on SQLite a real write's three statements run
 * prepared on the connection, not through the query builder, which costs more than they do.
 */
@Injectable()
export class IdempotencyStore {
  /** The record of (user, tool, key); the table is named by its entity, its name's one home. */
  private readonly recordSql: string;

  constructor(private readonly dataSource: DataSource) {
    const table = dataSource.getMetadata(IdempotencyRecord).tableName;
    this.recordSql = `SELECT fingerprint, status, result FROM ${table} WHERE users_id = ? AND tool = ? AND idem_key = ?`;
  }

  /** The first outcome for this key, to answer again; CONFLICT when the key was used with other arguments. */
  async replay(userId: number, tool: string, key: string, fingerprint: string): Promise<Replay | undefined> {
    const [row] = await readRows<RecordRow>(this.dataSource, this.recordSql, [userId, tool, key]);
    if (!row) return undefined;
    if (row.fingerprint !== fingerprint) {
      throw new DeskError('CONFLICT', `idempotency_key '${key}' was already used for ${tool} with different arguments. Use a new key for a new request.`);
    }
    if (row.status !== 'done' || !row.result) return undefined;
    return new Replay(storedOutcome(JSON.parse(row.result) as Record<string, unknown>));
  }

  async claim(manager: EntityManager, userId: number, tool: string, key: string, fingerprint: string): Promise<void> {
    await insertRow(manager, IdempotencyRecord, {
      users_id: userId,
      tool,
      idem_key: key,
      fingerprint,
      status: 'pending',
      result: null,
      created_at: new Date(),
    });
  }

  /** Stores the outcome (with the session it ran in) for replays, in the write's transaction. */
  async complete(manager: EntityManager, userId: number, tool: string, key: string, outcome: Outcome): Promise<void> {
    await updateRows(manager, IdempotencyRecord, { status: 'done', result: JSON.stringify(outcome) }, { users_id: userId, tool, idem_key: key });
  }
}

const OUTCOME_KEYS = ['message', 'id', 'applied', 'resolved', 'data', 'dry_run', 'session_id'] as const;

/** The outcome kept in a record (records written before outcomes were kept hold the whole envelope: its outcome part is read). */
function storedOutcome(stored: Record<string, unknown>): Outcome {
  const outcome: Record<string, unknown> = {};
  for (const key of OUTCOME_KEYS) if (stored[key] !== undefined) outcome[key] = stored[key];
  return outcome as unknown as Outcome;
}
