import { Injectable } from '@nestjs/common';
import { AuditService } from '../../audit/audit.service.js';
import { CallLimits } from '../../auth/call-limits.js';
import type { Principal } from '../../auth/principal.js';
import { AppConfig } from '../../config/app-config.js';
import { zoneInForce } from '../../dates/dates.js';
import type { Envelope } from '../../envelope/envelope.js';
import { errorEnvelope } from '../../envelope/envelope-builder.js';
import { toDeskError } from '../../envelope/error-mapping.js';
import type { CallIdentity } from '../../observe/request-id.js';
import { inCallSpan, openCallSpan } from '../../observe/tracing.js';
import { sessionNamedIn } from '../../session/intent-lock.decision.js';
import { ArrivalOrder } from '../../tools/arrival-order.js';
import type { Call, CallTrace, McpClientInfo } from '../../tools/call.js';
import { closestTools } from '../../tools/closest-tools.js';
import { RENAMED_TOOLS } from '../../tools/renamed-tools.js';
import { type JsonWrapper, type ListedTool, ToolListService } from '../../tools/tool-list.service.js';
import type { ToolPolicy } from '../../tools/tool-policy.js';
import { type RegisteredTool, ToolRegistry } from '../../tools/tool-registry.js';

export interface ToolCallResult {
  content: Array<{ type: 'text'; text: string }>;
  structuredContent: Envelope;
  isError?: boolean;
  [key: string]: unknown;
}

export class UnknownToolError extends Error {
  constructor(
    readonly tool: string,
    readonly suggestions: string[],
    renamedTo?: string,
  ) {
    super(
      renamedTo
        ? `Unknown tool '${tool}': call ${renamedTo} instead.`
        : `Unknown tool '${tool}'.${suggestions.length ? ` Closest tools: ${suggestions.join(', ')}.` : ''} Call tools/list for the catalogue.`,
    );
  }
}

/** Transport-independent MCP operations: list the tools of a principal, call one through the chain. */
@Injectable()
export class McpDispatcher {
  /** Per user, the calls of tools whose policy wants them in arrival order (code guesses). */
  private readonly arrivals = new ArrivalOrder<number>();

  constructor(
    private readonly registry: ToolRegistry,
    private readonly toolList: ToolListService,
    private readonly audit: AuditService,
    private readonly limits: CallLimits,
    private readonly config: AppConfig,
  ) {}

  listTools(principal: Principal): Promise<ListedTool[]> {
    return this.toolList.list(principal);
  }

  /** tools/list's result as JSON text (as `wrap` turns it), serialized once per cached list. */
  listToolsJson(principal: Principal, wrap?: JsonWrapper): Promise<string> {
    return this.toolList.listJson(principal, wrap);
  }

  /** `client`: what the MCP client declared about itself (an approval can then be asked by URL elicitation). */
  async callTool(
    principal: Principal,
    name: string,
    args: Record<string, unknown> | undefined,
    identity: CallIdentity,
    client?: McpClientInfo,
  ): Promise<ToolCallResult> {
    const { requestId } = identity;
    const startedAt = performance.now();
    const tool = this.registry.get(name);
    if (!tool) {
      const trace: CallTrace = { transport: 'mcp', requestId, startedAt, tool: name.slice(0, 100), route: null, domain: null, principal, sessionId: null };
      // Counted like any call (as a read), before the answer that names the closest tools.
      try {
        await this.limits.admitCall(principal.userId, 'read');
      } catch (thrown) {
        const { error } = toDeskError(thrown);
        this.audit.recordRefusal(trace, error);
        return resultOf(errorEnvelope(trace, error), requestId);
      }
      const renamedTo = Object.hasOwn(RENAMED_TOOLS, name) ? RENAMED_TOOLS[name] : undefined;
      const error = new UnknownToolError(name, renamedTo ? [renamedTo.split(' ')[0]] : closestTools(name, this.registry.names(), 3), renamedTo);
      this.audit.recordCall(trace, 'UNKNOWN_TOOL', { message: error.message });
      throw error;
    }
    const call = this.callOf(tool.policy, principal, args ?? {}, startedAt, identity, client);
    // Taken here, before the first await: the calls of one request (a batch) arrive in their order.
    const envelope = await (tool.policy.inArrivalOrder ? this.arrivals.run(principal.userId, () => runCall(tool, call)) : runCall(tool, call));
    return resultOf(envelope, requestId);
  }

  /**
   * The call, built once here and handed to every step of the chain and to the tool as its second
   * argument. Tracing on, it carries its span, which continues the trace context its request sent.
   */
  private callOf(
    policy: ToolPolicy,
    principal: Principal,
    args: Record<string, unknown>,
    startedAt: number,
    identity: CallIdentity,
    client?: McpClientInfo,
  ): Call {
    const { requestId } = identity;
    return Object.freeze({
      transport: 'mcp',
      requestId,
      span: openCallSpan({ requestId, transport: 'mcp', tool: policy.name, route: null }, identity.traceParent),
      startedAt,
      tool: policy.name,
      route: null,
      domain: policy.domain,
      principal,
      policy,
      // The session a domain tool's call names; the intent lock proves it before anything past the rate limit runs.
      sessionId: policy.domain === null ? null : sessionNamedIn(args),
      zone: zoneInForce(policy.zoneField ? args[policy.zoneField] : undefined, principal.timezone, this.config.defaultTimezone),
      args,
      client,
    });
  }
}

/** The tool's handler on the call's arguments, inside the call's span (tracing on). */
function runCall(tool: RegisteredTool, call: Call): Promise<Envelope> {
  return inCallSpan(call, () => tool.handler(call.args, call));
}

/** A tools/call result: the envelope, its text copy, and the request id in `_meta`. */
function resultOf(envelope: Envelope, requestId: string): ToolCallResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(envelope) }],
    structuredContent: envelope,
    ...(envelope.status === 'error' ? { isError: true } : {}),
    _meta: { request_id: requestId },
  };
}
