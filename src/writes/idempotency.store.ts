import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { SuccessEnvelope } from '../envelope/envelope.js';
import { DeskError } from '../envelope/desk-error.js';

interface RecordRow {
  fingerprint: string;
  status: string;
  result: string | null;
}

/** Idempotency records: (user, tool, key) is unique; the result is stored in the write's own transaction. */
@Injectable()
export class IdempotencyStore {
  constructor(private readonly dataSource: DataSource) {}

  /** The first result for this key, marked replayed; CONFLICT when the key was used with other arguments. */
  async replay(userId: number, tool: string, key: string, fingerprint: string): Promise<SuccessEnvelope | undefined> {
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
    return { ...(JSON.parse(row.result) as SuccessEnvelope), replayed: true };
  }

  async claim(manager: EntityManager, userId: number, tool: string, key: string, fingerprint: string): Promise<void> {
    await manager
      .createQueryBuilder()
      .insert()
      .into('idempotency_records')
      .values({ users_id: userId, tool, idem_key: key, fingerprint, status: 'pending', result: null, created_at: new Date() })
      .execute();
  }

  async complete(manager: EntityManager, userId: number, tool: string, key: string, envelope: SuccessEnvelope): Promise<void> {
    await manager
      .createQueryBuilder()
      .update('idempotency_records')
      .set({ status: 'done', result: JSON.stringify(envelope) })
      .where('users_id = :userId AND tool = :tool AND idem_key = :key', { userId, tool, key })
      .execute();
  }
}
