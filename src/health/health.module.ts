import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { HealthController } from './health.controller.js';
import { Readiness } from './readiness.js';

/** Liveness and readiness for load balancers: the database, Redis when configured, the audit log's backlog. */
@Module({ imports: [AuthModule, AuditModule], controllers: [HealthController], providers: [Readiness] })
export class HealthModule {}
