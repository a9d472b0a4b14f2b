import { Injectable } from '@nestjs/common';
import { DataSource, type EntitySubscriberInterface, type InsertEvent, type UpdateEvent } from 'typeorm';
import { REFERENCE_KINDS } from './reference-kinds.js';
import { ReferenceResolver } from './reference-resolver.js';

const KIND_BY_TABLE = new Map(Object.values(REFERENCE_KINDS).map((k) => [k.table, k.kind]));

/**
 * Keeps this process's cache of reference names honest: any write to a referenced table drops that
 * table's cached names (other replicas' caches expire within their TTL).
 */
@Injectable()
export class NamesCacheSubscriber implements EntitySubscriberInterface {
  constructor(
    dataSource: DataSource,
    private readonly resolver: ReferenceResolver,
  ) {
    dataSource.subscribers.push(this);
  }

  afterInsert(event: InsertEvent<unknown>): void {
    this.forget(event.metadata.tableName);
  }

  afterUpdate(event: UpdateEvent<unknown>): void {
    this.forget(event.metadata.tableName);
  }

  private forget(table: string): void {
    const kind = KIND_BY_TABLE.get(table);
    if (kind) this.resolver.forget(kind);
  }
}
