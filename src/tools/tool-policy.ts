import type { Type } from '@nestjs/common';
import type { RateClass } from '../auth/call-limits.js';
import type { Action, Domain, McpScope } from '../auth/principal.js';
import type { AppConfig, ApprovalRequiredFor, OtpRequiredFor } from '../config/app-config.js';
import type { RecordLocks } from '../database/row-locks.js';
import { domainArgument } from '../input/dto/call-args.dto.js';
import { withAliases } from '../input/field-aliases.js';
import { fieldsOf, type FieldSpec } from '../input/field-spec.js';

/**
 * What a tool does, declared once on its service method. Every rule of the chain about a call
 * follows from it (the table below), never from the tool's name.
 * - read: reads records (or the caller's session).
 * - create / update / delete: writes records; delete also covers deactivating (destructive).
 * - switch: moves the caller's intent (domain_switch): counted as a read, yet not read-only.
 * - verify: step-up verification of a session (auth_*): counted as a write, touches no record.
 */
export type Access = 'read' | 'create' | 'update' | 'delete' | 'switch' | 'verify';

interface AccessRules {
  rate: RateClass;
  /** Writes records: the caller's profile may limit the fields it sets; REST answers 409 on conflicts. */
  writesRecords: boolean;
  /** The right needed in the tool's domain. */
  action: Action;
  readOnly: boolean;
  destructive: boolean;
  idempotent: boolean;
  /** `null` clears a field (only updates have something to clear). */
  clearable: boolean;
  /**
   * A user's calls run one at a time, in the order they arrived. Code guesses sent together (one
   * JSON-RPC batch) are then judged in the order they were sent: which ones the limit refuses does
   * not depend on which pooled connection answers first.
   */
  inArrivalOrder: boolean;
}

/** The MCP scope a call needs: tools that write no records are open to read-only (`mcp:read`) tokens. */
function mcpScopeOf(rules: AccessRules): McpScope {
  return rules.writesRecords ? 'mcp' : 'mcp:read';
}

const ACCESS: Readonly<Record<Access, AccessRules>> = {
  read: { rate: 'read', writesRecords: false, action: 'read', readOnly: true, destructive: false, idempotent: true, clearable: false, inArrivalOrder: false },
  create: {
    rate: 'write',
    writesRecords: true,
    action: 'create',
    readOnly: false,
    destructive: false,
    idempotent: false,
    clearable: false,
    inArrivalOrder: false,
  },
  update: {
    rate: 'write',
    writesRecords: true,
    action: 'update',
    readOnly: false,
    destructive: false,
    idempotent: true,
    clearable: true,
    inArrivalOrder: false,
  },
  delete: {
    rate: 'write',
    writesRecords: true,
    action: 'delete',
    readOnly: false,
    destructive: true,
    idempotent: true,
    clearable: false,
    inArrivalOrder: false,
  },
  switch: {
    rate: 'read',
    writesRecords: false,
    action: 'read',
    readOnly: false,
    destructive: false,
    idempotent: false,
    clearable: false,
    inArrivalOrder: false,
  },
  verify: {
    rate: 'write',
    writesRecords: false,
    action: 'update',
    readOnly: false,
    destructive: false,
    idempotent: false,
    clearable: false,
    inArrivalOrder: true,
  },
};

/** What a service method declares with @Tool. */
export interface ToolDeclaration {
  name: string;
  /** null for the session tools (domain_switch, session_status, auth_*): not locked to a domain, no rights needed. */
  domain: Domain | null;
  access: Access;
  /** The action needed when it is not the access's own (say why at the declaration). */
  right?: Action;
  title: string;
  /** What it does. */
  summary: string;
  /** What it does not do, and which tool does that instead. */
  notFor?: string;
  /** Units of numeric fields and other notes. */
  notes?: string[];
  /** Its fields take the same values as this tool's (an update's as its create's): described there once. */
  sameFieldsAs?: string;
  /**
   * One example call's arguments (without domain and session_id). Its dates are words relative to
   * now ("in 7 days 18:00"): a fixed day goes past, and the example would then be refused.
   */
  example: Record<string, unknown>;
  input: Type<object>;
  /**
   * A write that decides from a record's stored state (its status, its waiting solution, its dates):
   * that record, locked first in the write's transaction, so writes to it run one after the other.
   */
  locks?: RecordLocks;
}

/**
 * The one immutable policy of a tool, built by the registry at boot from its declaration and the
 * configuration. Guards, the input pipe, the write unit, descriptions, the tool list and the REST
 * routes that serve the tool read this, and nothing else, about it.
 */
export interface ToolPolicy {
  readonly name: string;
  readonly domain: Domain | null;
  readonly access: Access;
  readonly rate: RateClass;
  readonly writesRecords: boolean;
  /** The token scope an MCP call needs (`mcp` also grants what `mcp:read` does). */
  readonly mcpScope: McpScope;
  /** The right a caller needs; null for the session tools. */
  readonly right: { readonly domain: Domain; readonly action: Action } | null;
  /**
   * A call over MCP needs a verified session (OTP_REQUIRED_FOR); REST callers hold an `api` token instead.
   * Never with needsApproval: a person approving the exact write is the stronger proof.
   */
  readonly needsVerification: boolean;
  /** A call over MCP is held until the session's user approves its exact payload on the approval page (APPROVAL_REQUIRED_FOR). */
  readonly needsApproval: boolean;
  readonly clearable: boolean;
  /** The user's calls of this tool run one at a time, in arrival order (the verify access: code guesses). */
  readonly inArrivalOrder: boolean;
  /** The records a write locks before it reads them (database/row-locks.ts); null: none. */
  readonly locks: RecordLocks | null;
  readonly annotations: { readonly readOnlyHint: boolean; readonly destructiveHint: boolean; readonly idempotentHint: boolean };
  readonly input: Type<object>;
  /** Every argument an MCP call takes, in order: the `domain` argument (domain tools), then the input DTO's fields. */
  readonly fields: readonly FieldSpec[];
  /** The argument whose zone reads this call's dates, when the tool has one. */
  readonly zoneField: string | null;
  readonly text: {
    readonly title: string;
    readonly summary: string;
    readonly notFor?: string;
    readonly notes: readonly string[];
    readonly sameFieldsAs?: string;
    readonly example: Readonly<Record<string, unknown>>;
  };
}

/** Whether a record write falls under a `write|destructive|none` setting (OTP_REQUIRED_FOR, APPROVAL_REQUIRED_FOR). */
function required(rules: AccessRules, domain: Domain | null, setting: OtpRequiredFor | ApprovalRequiredFor): boolean {
  if (!rules.writesRecords || domain === null) return false;
  return setting === 'write' || (setting === 'destructive' && rules.destructive);
}

/** A date written as a day of the calendar (2026-06-03, 03/06/2026), not relative to now. */
const FIXED_DAY = /\d{4}|\d{1,2}[/.]\d{1,2}/;

/** The policy of one declared tool; throws (at boot) when the declaration cannot be a tool. */
export function policyOf(declaration: ToolDeclaration, config: Pick<AppConfig, 'otpRequiredFor' | 'approvalRequiredFor'>): ToolPolicy {
  const { name, domain, access } = declaration;
  const rules = ACCESS[access];
  const own = fieldsOf(declaration.input);
  if (!own) throw new Error(`Tool '${name}': its input ${declaration.input.name} declares no fields`);
  if (domain !== null && own.some((f) => f.name === 'domain')) {
    throw new Error(`Tool '${name}': ${declaration.input.name} declares 'domain', which the tool's policy supplies (its domain is '${domain}')`);
  }
  const needsApproval = required(rules, domain, config.approvalRequiredFor);
  // A write's approval_id is an argument only where this deployment holds its writes for approval:
  // elsewhere no answer ever asks for it, so neither the schema nor a refusal names it.
  const taken = needsApproval ? own : own.filter((f) => !(f.name === 'approval_id' && f.call));
  // A domain's field aliases are declared once, per (domain, field), and given to each of its tools here.
  const fields = Object.freeze(domain === null ? [...taken] : withAliases(domain, [domainArgument(domain), ...taken], !rules.writesRecords));
  const fixedDay = own.find((f) => {
    const example = declaration.example[f.name];
    return f.kind === 'date' && typeof example === 'string' && FIXED_DAY.test(example);
  });
  if (fixedDay) {
    throw new Error(`Tool '${name}': its example's ${fixedDay.name} names a fixed day, which goes past; write it relative to now ("in 7 days 18:00")`);
  }
  return deepFreeze({
    name,
    domain,
    access,
    rate: rules.rate,
    writesRecords: rules.writesRecords,
    mcpScope: mcpScopeOf(rules),
    right: domain === null ? null : { domain, action: declaration.right ?? rules.action },
    needsVerification: !needsApproval && required(rules, domain, config.otpRequiredFor),
    needsApproval,
    clearable: rules.clearable,
    inArrivalOrder: rules.inArrivalOrder,
    locks: declaration.locks ?? null,
    annotations: { readOnlyHint: rules.readOnly, destructiveHint: rules.destructive, idempotentHint: rules.idempotent },
    input: declaration.input,
    fields,
    zoneField: fields.find((f) => f.kind === 'timezone')?.name ?? null,
    text: {
      title: declaration.title,
      summary: declaration.summary,
      notFor: declaration.notFor,
      notes: declaration.notes ?? [],
      sameFieldsAs: declaration.sameFieldsAs,
      example: declaration.example,
    },
  });
}

/** Freezes plain data, not the classes and field specs it points at (shared with every other tool). */
function deepFreeze<T extends object>(value: T): T {
  for (const [key, inner] of Object.entries(value)) {
    if (key !== 'input' && key !== 'fields' && typeof inner === 'object' && inner !== null && !Object.isFrozen(inner)) deepFreeze(inner as object);
  }
  return Object.freeze(value);
}

/** `<domain>_<verb>`: the contract's names of domain tools. */
export function namedForDomain(name: string, domain: Domain): boolean {
  return new RegExp(`^${domain}_[a-z]+(?:_[a-z]+)*$`).test(name);
}
