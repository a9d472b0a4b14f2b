import { Module } from '@nestjs/common';
import { ApprovalModule } from '../approval/approval.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { SessionModule } from '../session/session.module.js';
import { ToolsModule } from '../tools/tools.module.js';
import { AdminController } from './admin.controller.js';
import { AdminService } from './admin.service.js';
import { AuditQueryService } from './audit-query.service.js';

@Module({
  imports: [ApprovalModule, AuthModule, SessionModule, AuditModule, ToolsModule],
  controllers: [AdminController],
  providers: [AdminService, AuditQueryService],
})
export class AdminModule {}
