import {
  type DataSource,
  type EntitySubscriberInterface,
  EventSubscriber,
  type InsertEvent,
  type QueryRunner,
  type RemoveEvent,
  type SoftRemoveEvent,
  type UpdateEvent,
} from 'typeorm';
import { DeskError } from '../envelope/desk-error.js';
import { refusesDomainWrite } from './write-permit.js';

/** Bookkeeping the chain itself writes outside a write unit. */
const BOOKKEEPING = new Set(['mcp_sessions', 'audit_log', 'idempotency_records', 'api_tokens', 'otp_user_failures']);

/**
 * The backstop under the write unit: once the app serves calls, a change to a domain table made
 * outside a transaction WriteUnit.run permitted (and so outside its verification check) is refused,
 * whatever tool issued it. Work before serving (migrations, seeding) and the CLIs are not affected
 * (database/write-permit.ts). (@EventSubscriber: TypeORM registers only decorated classes from the
 * data source's `subscribers`.)
 */
@EventSubscriber()
export class WriteGuardSubscriber implements EntitySubscriberInterface {
  beforeInsert(event: InsertEvent<unknown>): void {
    guardWrite(event.metadata.tableName, event.dataSource, event.queryRunner);
  }

  beforeUpdate(event: UpdateEvent<unknown>): void {
    guardWrite(event.metadata.tableName, event.dataSource, event.queryRunner);
  }

  beforeRemove(event: RemoveEvent<unknown>): void {
    guardWrite(event.metadata.tableName, event.dataSource, event.queryRunner);
  }

  beforeSoftRemove(event: SoftRemoveEvent<unknown>): void {
    guardWrite(event.metadata.tableName, event.dataSource, event.queryRunner);
  }
}

/**
 * Refuses a change to `table` made on `runner` outside the write unit's permitted transaction. The
 * ORM's writes meet it through this subscriber; writes in plain SQL (database/write-rows.ts) call it
 * themselves. It names no next call: only a tool writing around the write unit meets it, and which
 * session that tool serves is not known here.
 */
export function guardWrite(table: string, dataSource: DataSource, runner: QueryRunner | undefined): void {
  if (BOOKKEEPING.has(table) || !refusesDomainWrite(dataSource, runner)) return;
  throw new DeskError('VERIFICATION_REQUIRED', 'Writes run only inside a verified write transaction. Nothing was written.');
}
