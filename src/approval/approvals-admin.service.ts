import { Injectable } from '@nestjs/common';
import { formatDate } from '../dates/dates.js';
import { DeskError } from '../envelope/desk-error.js';
import type { Outcome } from '../envelope/envelope.js';
import type { Call } from '../tools/call.js';
import { type Approval, effectiveStatus } from './approval.js';
import { ApprovalsRepository } from './approvals.repository.js';
import type { ApprovalIdDto, ListApprovalsDto } from './dto/approval-admin.dto.js';

/** Operators' view of held writes: the open ones, and withdrawing one nobody used yet. */
@Injectable()
export class ApprovalsAdminService {
  constructor(private readonly approvals: ApprovalsRepository) {}

  async list(input: ListApprovalsDto, call: Call): Promise<Outcome> {
    const rows = await this.approvals.listOpen(input.limit ?? 100);
    return { message: `${rows.length} open approval${rows.length === 1 ? '' : 's'}.`, data: rows.map((r) => view(r, call.zone)) };
  }

  async cancel(input: ApprovalIdDto): Promise<Outcome> {
    const row = await this.approvals.get(input.id);
    if (!row) throw DeskError.notFound('Approval', input.id);
    const cancelled = await this.approvals.cancel(row.id);
    return {
      message: cancelled
        ? `Approval ${row.id} cancelled: it can no longer be decided or used.`
        : `Approval ${row.id} was no longer open (${effectiveStatus(row, Date.now())}).`,
      id: row.id,
      applied: cancelled ? { status: 'cancelled' } : {},
    };
  }
}

function view(row: Approval, zone: string): Record<string, unknown> {
  return {
    id: row.id,
    user_id: row.users_id,
    session_id: row.session_id,
    tool: row.tool,
    status: effectiveStatus(row, Date.now()),
    client_name: row.client_name,
    payload_hash: row.payload_hash,
    preview: row.preview,
    created_at: formatDate(row.created_at, zone),
    expires_at: formatDate(row.expires_at, zone),
    decided_at: formatDate(row.decided_at, zone),
  };
}
