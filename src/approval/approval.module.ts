import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { OAuthModule } from '../oauth/oauth.module.js';
import { SessionModule } from '../session/session.module.js';
import { ToolsModule } from '../tools/tools.module.js';
import { ApprovalGate } from './approval-gate.js';
import { ApprovalPageController } from './approval-page.controller.js';
import { ApprovalSignIn, OneTimeLinkSignIn } from './approval-sign-in.js';
import { ApprovalToolsService } from './approval-tools.service.js';
import { ApprovalsRepository } from './approvals.repository.js';
import { ApprovalsAdminService } from './approvals-admin.service.js';
import { LinkOrWebSignIn } from './link-or-web-sign-in.js';
import { PublicUrl } from './public-url.js';

/**
 * Writes a person approves: the gate the write unit holds writes at, the approval page and its
 * sign-in (a one-time link, or the OAuth pages' web session), approval_status, and the operators'
 * view. Another web sign-in replaces the `ApprovalSignIn` binding below.
 */
@Module({
  imports: [AuditModule, AuthModule, OAuthModule, SessionModule, ToolsModule],
  controllers: [ApprovalPageController],
  providers: [
    ApprovalsRepository,
    PublicUrl,
    ApprovalGate,
    ApprovalToolsService,
    ApprovalsAdminService,
    OneTimeLinkSignIn,
    { provide: ApprovalSignIn, useClass: LinkOrWebSignIn },
  ],
  exports: [ApprovalGate, ApprovalsAdminService],
})
export class ApprovalModule {}
