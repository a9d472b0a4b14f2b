import { Injectable } from '@nestjs/common';
import { formatDate } from '../dates/dates.js';
import { DeskError } from '../envelope/desk-error.js';
import type { Outcome } from '../envelope/envelope.js';
import type { Call } from '../tools/call.js';
import { Tool } from '../tools/tool.decorator.js';
import { effectiveStatus } from './approval.js';
import { ApprovalsRepository } from './approvals.repository.js';
import { ApprovalStatusDto } from './dto/approval-status.dto.js';
import { PublicUrl } from './public-url.js';

const SAYS: Record<string, string> = {
  pending: 'Waiting for the user to decide on the approval page.',
  approved: 'Approved: make next_call to write.',
  rejected: 'Rejected by the user: nothing will be written.',
  consumed: 'Already used by a write.',
  cancelled: 'Cancelled by an administrator.',
  expired: 'Expired: call the write again without approval_id for a new approval.',
};

/** approval_status: where a held write stands, for clients that poll instead of waiting for the user. */
@Injectable()
export class ApprovalToolsService {
  constructor(
    private readonly approvals: ApprovalsRepository,
    private readonly urls: PublicUrl,
  ) {}

  @Tool({
    name: 'approval_status',
    domain: null,
    access: 'read',
    title: 'Approval status',
    summary: 'Whether the user approved, rejected or has not yet decided a write that answered APPROVAL_REQUIRED.',
    notFor: 'writing: once approved, make next_call.',
    example: { approval_id: 'apr_…' },
    input: ApprovalStatusDto,
  })
  async status(input: ApprovalStatusDto, call: Call): Promise<Outcome> {
    const approval = await this.approvals.get(input.approval_id);
    // Another user's approval is answered like an unknown one.
    if (approval?.users_id !== call.principal.userId) throw DeskError.notFound('Approval', input.approval_id);
    const status = effectiveStatus(approval, Date.now());
    const nextCall = status === 'approved' ? { tool: approval.tool, arguments: { ...approval.arguments, approval_id: approval.id } } : undefined;
    return {
      message: `Approval ${approval.id} for ${approval.tool}: ${SAYS[status]}`,
      id: approval.id,
      session_id: approval.session_id,
      data: {
        approval_id: approval.id,
        status,
        tool: approval.tool,
        approval_url: this.urls.approvalPage(approval.id),
        expires_at: formatDate(approval.expires_at, call.zone),
        decided_at: formatDate(approval.decided_at, call.zone),
        ...(nextCall ? { next_call: nextCall } : {}),
      },
    };
  }
}
