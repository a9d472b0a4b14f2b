import { Module } from '@nestjs/common';
import { AdminController } from './admin.controller.js';
import { AdminService } from './admin.service.js';
import { AuditQueryService } from './audit-query.service.js';

@Module({ controllers: [AdminController], providers: [AdminService, AuditQueryService] })
export class AdminModule {}
