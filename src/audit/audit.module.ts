import { Module } from '@nestjs/common';
import { AuditService } from './audit.service.js';

/** The audit log: a write's entry in its transaction, every other entry buffered and written in batches. */
@Module({ providers: [AuditService], exports: [AuditService] })
export class AuditModule {}
