import { type EntitySubscriberInterface, EventSubscriber, type InsertEvent, type RemoveEvent, type SoftRemoveEvent, type UpdateEvent } from 'typeorm';
import { DeskError } from '../envelope/desk-error.js';
import { refusedWriteScope } from './call-scope.js';

/** Bookkeeping the chain itself writes outside a write unit. */
const BOOKKEEPING = new Set(['mcp_sessions', 'audit_log', 'idempotency_records', 'api_tokens', 'otp_user_failures']);

/**
 * The backstop under the write unit: during a call, a change to a domain table that did not go
 * through WriteUnit.run (and so through its verification check) is refused, whatever tool issued it.
 * Work outside calls (migrations, seeding, the CLI) is not affected. (@EventSubscriber: TypeORM
 * registers only decorated classes from the data source's `subscribers`.)
 */
@EventSubscriber()
export class WriteGuardSubscriber implements EntitySubscriberInterface {
  beforeInsert(event: InsertEvent<unknown>): void {
    guardWrite(event.metadata.tableName);
  }

  beforeUpdate(event: UpdateEvent<unknown>): void {
    guardWrite(event.metadata.tableName);
  }

  beforeRemove(event: RemoveEvent<unknown>): void {
    guardWrite(event.metadata.tableName);
  }

  beforeSoftRemove(event: SoftRemoveEvent<unknown>): void {
    guardWrite(event.metadata.tableName);
  }
}

/**
 * Refuses a change to `table` during a call, outside the write unit. The ORM's writes meet it through
 * this subscriber; writes in plain SQL (database/write-rows.ts) call it themselves.
 */
export function guardWrite(table: string): void {
  const refused = refusedWriteScope();
  if (!refused || BOOKKEEPING.has(table)) return;
  throw new DeskError('VERIFICATION_REQUIRED', 'Writes run only inside a verified write transaction. Nothing was written.', {
    ...(refused.sessionId ? { nextCall: { tool: 'auth_request_otp', arguments: { session_id: refused.sessionId } } } : {}),
  });
}
