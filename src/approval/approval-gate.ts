import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AppConfig } from '../config/app-config.js';
import { formatDate } from '../dates/dates.js';
import { DeskError, type NextCall } from '../envelope/desk-error.js';
import type { Outcome } from '../envelope/envelope.js';
import type { Call } from '../tools/call.js';
import { type Approval, effectiveStatus, newApprovalId } from './approval.js';
import { ApprovalsRepository } from './approvals.repository.js';
import { PublicUrl } from './public-url.js';

/** The payload a write is held with: its hash and normalized form (writes/fingerprint.ts computes both). */
export interface HeldPayload {
  hash: string;
  normalized: unknown;
}

/** Whether this call is held for a person's approval: its tool's policy says so, and it came over MCP (REST is not, as it is not for OTP). */
export function needsApproval(call: Call): boolean {
  return call.transport === 'mcp' && call.policy?.needsApproval === true;
}

/**
 * Approval of the exact write, for the write unit (its one caller). Before the write's transaction,
 * `admit` finds the approval this call runs under — named by approval_id, or the open approval of
 * the same user, session, tool and payload — or parks the write (prepared like a dry run) and
 * answers APPROVAL_REQUIRED. Inside the transaction, `consume` uses it up in the same UPDATE that
 * checks it, so an approval writes once, for the payload shown, whoever calls.
 */
@Injectable()
export class ApprovalGate {
  constructor(
    private readonly approvals: ApprovalsRepository,
    private readonly urls: PublicUrl,
    private readonly config: AppConfig,
  ) {}

  async admit(
    call: Call,
    approvalId: string | undefined,
    payload: HeldPayload,
    prepare: () => Promise<{ outcome: Outcome; before: Record<string, unknown> | null }>,
  ): Promise<Approval> {
    const tool = call.policy?.name ?? '';
    const sessionId = call.sessionId ?? '';
    const userId = call.principal.userId;
    if (approvalId) {
      const named = await this.approvals.get(approvalId);
      const matches = named && named.users_id === userId && named.session_id === sessionId && named.tool === tool && named.payload_hash === payload.hash;
      if (!named || !matches) {
        throw new DeskError(
          'APPROVAL_MISMATCH',
          `Approval '${approvalId}' was not given for this call: the user approved one exact write (same tool, arguments, session and user). Any change needs a new approval: call ${tool} without approval_id. Nothing was written.`,
          { nextCall: this.retry(call, undefined) },
        );
      }
      return this.usable(call, named);
    }
    const open = await this.approvals.findOpen(userId, sessionId, tool, payload.hash);
    if (open) return this.usable(call, open);
    const { outcome: preview, before } = await prepare();
    const now = new Date();
    const approval: Approval = {
      id: newApprovalId(),
      users_id: userId,
      session_id: sessionId,
      tool,
      domain: call.domain,
      payload_hash: payload.hash,
      payload: JSON.stringify(payload.normalized),
      preview: {
        message: preview.message,
        id: preview.id ?? null,
        applied: preview.applied ?? {},
        resolved: preview.resolved ?? {},
        before,
        after: presentedFields(preview.data, Object.keys(preview.applied ?? {})),
      },
      arguments: withoutApprovalId(call.args ?? {}),
      idempotency_key: typeof call.args?.idempotency_key === 'string' ? call.args.idempotency_key : null,
      client_name: call.client?.name?.slice(0, 128) ?? null,
      status: 'pending',
      created_at: now,
      expires_at: new Date(now.getTime() + this.config.approvalTtlSeconds * 1000),
      decided_at: null,
      consumed_at: null,
    };
    await this.approvals.create(approval, call.startedAt);
    throw this.required(call, approval);
  }

  /** Uses the approval inside the write's transaction; refuses when another call used it first, or it expired meanwhile. */
  async consume(manager: EntityManager, call: Call, approval: Approval, now: Date): Promise<void> {
    if (await this.approvals.consume(manager, approval, now)) return;
    const current = (await this.approvals.get(approval.id, manager)) ?? approval;
    this.usable(call, { ...current, status: current.status === 'approved' ? 'consumed' : current.status });
    throw new DeskError('APPROVAL_CONSUMED', `Approval '${approval.id}' was already used. Nothing was written.`);
  }

  /** The approval when approved and alive; otherwise the refusal that says what to do. */
  private usable(call: Call, approval: Approval): Approval {
    const tool = approval.tool;
    switch (effectiveStatus(approval, Date.now())) {
      case 'approved':
        return approval;
      case 'pending':
        throw this.required(call, approval);
      case 'rejected':
        // Told once: asking for the same write again starts a new approval.
        void this.approvals.closeRejected(approval.id).catch(() => undefined);
        throw new DeskError(
          'APPROVAL_REJECTED',
          `The user rejected this ${tool} call on the approval page. Nothing was written. Do not retry it unless the user asks.`,
        );
      case 'cancelled':
        throw new DeskError('APPROVAL_REJECTED', `Approval '${approval.id}' was cancelled by an administrator. Nothing was written.`);
      case 'consumed':
        throw new DeskError(
          'APPROVAL_CONSUMED',
          `Approval '${approval.id}' was already used by a write: an approval writes once. To write again, call ${tool} without approval_id (a new approval). Nothing was written.`,
          { nextCall: this.retry(call, undefined) },
        );
      case 'expired':
        throw new DeskError(
          'APPROVAL_EXPIRED',
          `Approval '${approval.id}' expired before it was used. Call ${tool} again without approval_id for a new approval. Nothing was written.`,
          { nextCall: this.retry(call, undefined) },
        );
    }
  }

  private required(call: Call, approval: Approval): DeskError {
    const url = this.urls.approvalPage(approval.id);
    return new DeskError(
      'APPROVAL_REQUIRED',
      `The user must approve this exact write in their browser. Give them this link: ${url} . After they approve, make next_call (the same call with approval_id). Nothing was written yet.`,
      {
        nextCall: this.retry(call, approval.id),
        details: {
          approval_id: approval.id,
          approval_url: url,
          expires_at: formatDate(approval.expires_at, call.zone),
          status_call: { tool: 'approval_status', arguments: { approval_id: approval.id } },
        },
      },
    );
  }

  /** The same call again, with `approvalId` (or without any). */
  private retry(call: Call, approvalId: string | undefined): NextCall {
    const args = withoutApprovalId(call.args ?? {});
    return { tool: call.policy?.name ?? '', arguments: approvalId ? { ...args, approval_id: approvalId } : args };
  }
}

/** The fields `keys` of a presented record (a write's `data`), when it is one. */
function presentedFields(data: unknown, keys: string[]): Record<string, unknown> | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const record = data as Record<string, unknown>;
  return Object.fromEntries(keys.filter((k) => k in record).map((k) => [k, record[k]]));
}

function withoutApprovalId(args: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const { approval_id: _ignored, ...rest } = args;
  return rest;
}
