import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { SessionModule } from '../session/session.module.js';
import { IdempotencyStore } from './idempotency.store.js';
import { WriteUnit } from './write-unit.js';

/** The write unit: every domain write, verified, idempotent, audited, in one transaction. */
@Module({ imports: [AuditModule, SessionModule], providers: [WriteUnit, IdempotencyStore], exports: [WriteUnit] })
export class WritesModule {}
