import { randomBytes } from 'node:crypto';
import type { Resolved } from '../envelope/envelope.js';

export type ApprovalStatus = 'pending' | 'approved' | 'rejected' | 'consumed' | 'cancelled';

/** What the approval page shows of the held write: the dry run's answer, stored once, shown as stored. */
export interface ApprovalPreview {
  message: string;
  /** The record acted on (updates, deletes); null for creates. */
  id: number | string | null;
  applied: Record<string, unknown>;
  resolved: Record<string, Resolved>;
  /** Updates and deletes: the record's fields before the write, presented (names, labels), for before → after. */
  before: Record<string, unknown> | null;
  /** The written fields as the record presents them after the write (names of references given by id). */
  after?: Record<string, unknown> | null;
}

/** One row of `approvals`. */
export interface Approval {
  id: string;
  users_id: number;
  session_id: string;
  tool: string;
  domain: string | null;
  payload_hash: string;
  /** The normalized payload the hash is of (JSON). */
  payload: string;
  preview: ApprovalPreview;
  /** The call's arguments as sent: next_call repeats them with approval_id. */
  arguments: Record<string, unknown>;
  idempotency_key: string | null;
  client_name: string | null;
  status: ApprovalStatus;
  created_at: Date;
  expires_at: Date;
  decided_at: Date | null;
  consumed_at: Date | null;
}

export function newApprovalId(): string {
  return `apr_${randomBytes(18).toString('base64url')}`;
}

/** The state a person and a model read: an approved or pending approval past its expiry is expired. */
export function effectiveStatus(approval: Pick<Approval, 'status' | 'expires_at'>, now: number): ApprovalStatus | 'expired' {
  if ((approval.status === 'pending' || approval.status === 'approved') && approval.expires_at.getTime() <= now) return 'expired';
  return approval.status;
}
