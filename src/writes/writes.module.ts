import { Module } from '@nestjs/common';
import { ApprovalModule } from '../approval/approval.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { SessionModule } from '../session/session.module.js';
import { IdempotencyStore } from './idempotency.store.js';
import { WriteUnit } from './write-unit.js';

/** The write unit: every domain write, verified or approved, idempotent, audited, in one transaction. */
@Module({ imports: [AuditModule, SessionModule, ApprovalModule], providers: [WriteUnit, IdempotencyStore], exports: [WriteUnit] })
export class WritesModule {}
