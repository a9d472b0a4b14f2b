import type { Domain, Principal } from '../auth/principal.js';
import type { Transport } from '../observe/call-metrics.js';
import type { CallSpan } from '../observe/tracing.js';
import type { ToolPolicy } from './tool-policy.js';

/** What an MCP client said of itself at initialize: its name, and whether it takes URL-mode elicitation. */
export interface McpClientInfo {
  readonly name: string | null;
  readonly urlElicitation: boolean;
}

/**
 * What an answer and its audit entry say about a call. Known as soon as the call arrives, before
 * its caller is (a REST request refused for its token has a trace and no principal).
 */
export interface CallTrace {
  readonly transport: Transport;
  /** Ties the answer to its log lines and audit row (observe/request-id.ts): the caller's, or minted. */
  readonly requestId: string;
  /** performance.now() when the call arrived: its duration and the database's deadline count from it. */
  readonly startedAt: number;
  /** The tool called, or served by the REST route; null for REST routes that serve none. */
  readonly tool: string | null;
  /** REST: method and path (`GET /api/projects`). */
  readonly route: string | null;
  readonly domain: Domain | null;
  readonly principal: Principal | null;
  /**
   * MCP calls of a domain tool: the session its `session_id` names, when it has the shape of one
   * (sessionNamedIn). The intent lock proves it live, the caller's and of the tool's domain before
   * any later step runs; the lock's refusals say which session, if any, their answer names (see
   * refusal-session.ts). Otherwise null.
   */
  readonly sessionId: string | null;
  /** Tracing on: the call's span, which each step of the chain is a child of (observe/tracing.ts). */
  readonly span?: CallSpan;
}

/**
 * One authenticated call, built once by its transport (the MCP dispatcher, or REST's RestCalls when
 * the token check has found the caller) and never changed: every step of the chain and every service
 * receives it as a parameter.
 */
export interface Call extends CallTrace {
  readonly principal: Principal;
  /** The tool's policy; null for a REST route that serves no tool (admin, reference lists). */
  readonly policy: ToolPolicy | null;
  /** The zone in force: the call's `timezone` argument, else the user's zone, else DEFAULT_TIMEZONE (zoneInForce). */
  readonly zone: string;
  /** MCP: the arguments as sent (an approval's next_call repeats them), and the client that sent them. */
  readonly args?: Readonly<Record<string, unknown>>;
  readonly client?: McpClientInfo;
}

/** What answers name the call by: its tool, else its route. */
export function callLabel(call: Pick<CallTrace, 'tool' | 'route'> | undefined): string {
  return call?.tool ?? call?.route ?? 'unknown';
}
