import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { DeskError } from '../envelope/desk-error.js';
import { type Outcome, Replay } from '../envelope/envelope.js';

interface RecordRow {
  fingerprint: string;
  status: string;
  result: string | null;
}

/** Idempotency records: (user, tool, key) is unique; the result is stored in the write's own transaction. */
@Injectable()
export class IdempotencyStore {
  constructor(private readonly dataSource: DataSource) {}

  /** The first outcome for this key, to answer again; CONFLICT when the key was used with other arguments. */
  async replay(userId: number, tool: string, key: string, fingerprint: string): Promise<Replay | undefined> {
    const row = await this.dataSource
      .createQueryBuilder()
      .select(['r.fingerprint AS fingerprint', 'r.status AS status', 'r.result AS result'])
      .from('idempotency_records', 'r')
      .where('r.users_id = :userId AND r.tool = :tool AND r.idem_key = :key', { userId, tool, key })
      .getRawOne<RecordRow>();
    if (!row) return undefined;
    if (row.fingerprint !== fingerprint) {
      throw new DeskError('CONFLICT', `idempotency_key '${key}' was already used for ${tool} with different arguments. Use a new key for a new request.`);
    }
    if (row.status !== 'done' || !row.result) return undefined;
    return new Replay(storedOutcome(JSON.parse(row.result) as Record<string, unknown>));
  }

  async claim(manager: EntityManager, userId: number, tool: string, key: string, fingerprint: string): Promise<void> {
    await manager
      .createQueryBuilder()
      .insert()
      .into('idempotency_records')
      .values({ users_id: userId, tool, idem_key: key, fingerprint, status: 'pending', result: null, created_at: new Date() })
      .execute();
  }

  /** Stores the outcome (with the session it ran in) for replays, in the write's transaction. */
  async complete(manager: EntityManager, userId: number, tool: string, key: string, outcome: Outcome): Promise<void> {
    await manager
      .createQueryBuilder()
      .update('idempotency_records')
      .set({ status: 'done', result: JSON.stringify(outcome) })
      .where('users_id = :userId AND tool = :tool AND idem_key = :key', { userId, tool, key })
      .execute();
  }
}

const OUTCOME_KEYS = ['message', 'id', 'applied', 'resolved', 'data', 'dry_run', 'session_id'] as const;

/** The outcome kept in a record (records written before outcomes were kept hold the whole envelope: its outcome part is read). */
function storedOutcome(stored: Record<string, unknown>): Outcome {
  const outcome: Record<string, unknown> = {};
  for (const key of OUTCOME_KEYS) if (stored[key] !== undefined) outcome[key] = stored[key];
  return outcome as unknown as Outcome;
}
