import { Controller, Delete, Get, Post } from '@nestjs/common';
import { ApprovalsAdminService } from '../approval/approvals-admin.service.js';
import { ApprovalIdDto, ListApprovalsDto } from '../approval/dto/approval-admin.dto.js';
import { RequireScope } from '../auth/public.decorator.js';
import type { Outcome } from '../envelope/envelope.js';
import type { Call } from '../tools/call.js';
import { CallOf, RestInput } from '../transports/rest/rest-input.decorator.js';
import { Doc, DocTag, list, ref } from '../transports/rest/route-doc.decorator.js';
import { AdminService } from './admin.service.js';
import { AuditQueryDto, CreateTokenDto, ListSessionsDto, ListTokensDto, SessionIdDto, TokenIdDto } from './dto/admin.dto.js';

/** Operators' API: tokens, sessions, audit log, tool catalogue. Needs a token with the admin scope. */
@DocTag('admin', 'Operators: API tokens, MCP sessions, the audit log and the tool catalogue. Needs the admin scope.')
@RequireScope('admin')
@Controller('api/admin')
export class AdminController {
  constructor(
    private readonly admin: AdminService,
    private readonly approvals: ApprovalsAdminService,
  ) {}

  @Get('tokens')
  @Doc({ summary: 'List API tokens', data: list(ref('Token')) })
  listTokens(@RestInput('query') input: ListTokensDto, @CallOf() call: Call): Promise<Outcome> {
    return this.admin.listTokens(input, call);
  }

  @Post('tokens')
  @Doc({
    summary: 'Create an API token',
    description: 'The token is in data.token, shown only in this answer; only its hash is stored.',
    data: ref('NewToken'),
  })
  createToken(@RestInput('body') input: CreateTokenDto, @CallOf() call: Call): Promise<Outcome> {
    return this.admin.createToken(input, call);
  }

  @Delete('tokens/:id')
  @Doc({ summary: 'Revoke an API token', description: 'Takes effect at once on this replica, within 5 s on the others.', data: ref('Token') })
  revokeToken(@RestInput('params+query') input: TokenIdDto, @CallOf() call: Call): Promise<Outcome> {
    return this.admin.revokeToken(input, call);
  }

  @Get('sessions')
  @Doc({ summary: 'List MCP sessions', data: list(ref('Session')) })
  listSessions(@RestInput('query') input: ListSessionsDto, @CallOf() call: Call): Promise<Outcome> {
    return this.admin.listSessions(input, call);
  }

  @Get('sessions/:id')
  @Doc({ summary: 'Inspect an MCP session', description: 'With its latest 50 calls.', data: ref('SessionWithCalls') })
  getSession(@RestInput('params+query') input: SessionIdDto, @CallOf() call: Call): Promise<Outcome> {
    return this.admin.getSession(input, call);
  }

  @Delete('sessions/:id')
  @Doc({ summary: 'End an MCP session', description: 'Its next call gets SESSION_NOT_FOUND.' })
  endSession(@RestInput('params+query') input: SessionIdDto): Promise<Outcome> {
    return this.admin.endSession(input);
  }

  @Get('audit')
  @Doc({ summary: 'Read the audit log', description: 'Newest first; filter by user, tool, outcome, session and time.', data: ref('AuditPage') })
  audit(@RestInput('query') input: AuditQueryDto, @CallOf() call: Call): Promise<Outcome> {
    return this.admin.audit(input, call);
  }

  @Get('approvals')
  @Doc({ summary: 'List open approvals', description: 'Held MCP writes waiting for their user, or approved and not used yet; newest first.' })
  listApprovals(@RestInput('query') input: ListApprovalsDto, @CallOf() call: Call): Promise<Outcome> {
    return this.approvals.list(input, call);
  }

  @Delete('approvals/:id')
  @Doc({ summary: 'Cancel an approval', description: 'It can no longer be decided or used; the write it held is never made.' })
  cancelApproval(@RestInput('params+query') input: ApprovalIdDto): Promise<Outcome> {
    return this.approvals.cancel(input);
  }

  @Get('tools')
  @Doc({ summary: 'The MCP tool catalogue', description: 'Every tool with its input and output schemas, as tools/list shows them.', data: list(ref('Tool')) })
  tools(): Promise<Outcome> {
    return this.admin.tools();
  }
}
