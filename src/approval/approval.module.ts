import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { SessionModule } from '../session/session.module.js';
import { ToolsModule } from '../tools/tools.module.js';
import { ApprovalGate } from './approval-gate.js';
import { ApprovalPageController } from './approval-page.controller.js';
import { ApprovalSignIn, OneTimeLinkSignIn } from './approval-sign-in.js';
import { ApprovalToolsService } from './approval-tools.service.js';
import { ApprovalsRepository } from './approvals.repository.js';
import { ApprovalsAdminService } from './approvals-admin.service.js';
import { PublicUrl } from './public-url.js';

/**
 * Writes a person approves: the gate the write unit holds writes at, the approval page and its
 * sign-in, approval_status, and the operators' view. Another web sign-in replaces the
 * `ApprovalSignIn` binding below.
 */
@Module({
  imports: [AuditModule, SessionModule, ToolsModule],
  controllers: [ApprovalPageController],
  providers: [
    ApprovalsRepository,
    PublicUrl,
    ApprovalGate,
    ApprovalToolsService,
    ApprovalsAdminService,
    OneTimeLinkSignIn,
    { provide: ApprovalSignIn, useExisting: OneTimeLinkSignIn },
  ],
  exports: [ApprovalGate, ApprovalsAdminService],
})
export class ApprovalModule {}
