import type { Type } from '@nestjs/common';
import type { Domain } from '../auth/principal.js';

export type ToolKind = 'read' | 'write';

/** What a service method declares with @Tool. */
export interface ToolOptions {
  name: string;
  /** null for session tools (domain_switch, session_status, auth_*). */
  domain: Domain | null;
  kind: ToolKind;
  /** Deletes or deactivates (OTP_REQUIRED_FOR=destructive applies to these). */
  destructive?: boolean;
  /**
   * Changes nothing on the server (the readOnlyHint clients show); defaults to `kind === 'read'`.
   * A tool can count as a read (rights, rate limit) and still change state: domain_switch opens a session.
   */
  readOnly?: boolean;
  /** Calling twice with the same arguments has no further effect. */
  idempotent?: boolean;
  title: string;
  /** What it does. */
  summary: string;
  /** What it does not do, and which tool does that instead. */
  notFor?: string;
  /** Units of numeric fields and other notes. */
  notes?: string[];
  /** Its fields take the same values as this tool's (an update's as its create's): described there once. */
  sameFieldsAs?: string;
  /** One example call's arguments (without session_id; the registry adds a placeholder). */
  example: Record<string, unknown>;
  input: Type<object>;
  /** Right needed, as domain action; defaults from kind (read / create...). */
  right?: { domain: Domain; action: 'read' | 'create' | 'update' | 'delete' };
}

export const TOOL_NAME_PATTERN = /^(project|ticket|user)_[a-z]+(?:_[a-z]+)*$/;
export const SESSION_TOOL_NAMES = ['domain_switch', 'session_status', 'auth_request_otp', 'auth_verify_otp'] as const;
