import type { NextCall } from './desk-error.js';
import type { ErrorCode } from './error-codes.js';
import type { Issue } from './issue.js';

/** The one record a reference field's name or id named, or the one value an enum's label or word named (its English label). */
export interface ResolvedReference {
  input: unknown;
  id: number;
  name: string;
  /** In a list of actors: whether the name was a user's or a group's. */
  type?: 'user' | 'group';
  /** In a filter: every record but those with this one ("not tech"). */
  not?: true;
}

/**
 * A word a filter took for several values of an enum ("open": every status not yet solved), and
 * which; or the several records a filter leaves out ("not tech and not maria").
 */
export interface ResolvedValues {
  input: unknown;
  ids: readonly number[];
  names: readonly string[];
  /** In a filter: every record but these ("not tech and not maria"). */
  not?: true;
  /** In a filter: the records left out beside those named ("maria, not joao": joao). */
  except?: { ids: readonly number[]; names: readonly string[] };
}

/**
 * The value a choice field took from a word that is not the value itself: another word for it
 * (`kind` "comment": followup) or a sort's direction words ("priority desc": -priority).
 */
export interface ResolvedChoice {
  input: unknown;
  value: string;
}

/** What a name or word sent was taken as: one record or value, several values, or a choice's value. */
export type Resolved = ResolvedReference | ResolvedValues | ResolvedChoice;

/** What field `field` resolved to when it names one record or value (not a word for several values). */
export function resolvedReference(resolved: Readonly<Record<string, Resolved>>, field: string): ResolvedReference | undefined {
  const found = resolved[field];
  return found && 'id' in found ? found : undefined;
}

/**
 * Set on the outcome of a write that inserted the record its `id` names (a ticket, a timeline entry, a
 * validation request, …). Its dry run answers `id: null`, since the id was rolled back (on MySQL the
 * rolled-back insert still used up that auto-increment value), and leaves out the view of a record
 * never stored (writes/write-unit.ts). A symbol: no answer ever carries it.
 */
export const INSERTED: unique symbol = Symbol('inserted');

/** What a service method returns; the envelope interceptor adds status, domain, tool and session. */
export interface Outcome {
  message: string;
  /** The record the call acted on; null for a dry-run create (nothing was created). */
  id?: number | string | null;
  /** The write inserted the record `id` names (INSERTED). */
  [INSERTED]?: boolean;
  applied?: Record<string, unknown>;
  resolved?: Record<string, Resolved>;
  data?: unknown;
  dry_run?: boolean;
  /** The session the answer names when the tool itself opened or checked it (the session tools); else the call's. */
  session_id?: string;
}

/** A write's first outcome, answered again for a repeated idempotency key (the envelope says `replayed`). */
export class Replay {
  constructor(readonly outcome: Outcome) {}
}

/** An outcome whose audit entry was stored with its write, in the write's own transaction. */
export class Committed {
  constructor(readonly outcome: Outcome) {}
}

/** What a service method answers: its outcome, or what the write unit made of it. */
export type Answer = Outcome | Replay | Committed;

export interface SuccessEnvelope extends Outcome {
  status: 'success';
  domain: string | null;
  tool: string;
  session_id?: string;
  replayed?: boolean;
}

export interface ErrorBody {
  code: ErrorCode;
  retryable: boolean;
  message: string;
  retry_after_seconds?: number;
  issues?: Issue[];
  next_call?: NextCall;
  [extra: string]: unknown;
}

export interface ErrorEnvelope {
  status: 'error';
  domain: string | null;
  tool: string;
  session_id?: string;
  error: ErrorBody;
  /** The call's request id (X-Request-Id on HTTP): the same string is on its log lines and audit row. */
  request_id?: string;
}

export type Envelope = SuccessEnvelope | ErrorEnvelope;

/** A plain outcome (health checks and documents answer otherwise, and pass through untouched). */
export function isOutcome(value: unknown): value is Outcome {
  return typeof value === 'object' && value !== null && typeof (value as Outcome).message === 'string';
}
