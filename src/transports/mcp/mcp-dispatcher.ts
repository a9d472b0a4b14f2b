import { Injectable } from '@nestjs/common';
import { AuditService } from '../../audit/audit.service.js';
import { CallLimits } from '../../auth/call-limits.js';
import { runInCall, type CallContext } from '../../call/call-context.js';
import { errorEnvelope } from '../../envelope/envelope-builder.js';
import type { Envelope } from '../../envelope/envelope.js';
import { toDeskError } from '../../envelope/error-mapping.js';
import { rankClosest } from '../../input/text/suggest.js';
import type { Principal } from '../../auth/principal.js';
import { ToolListService, type ListedTool } from '../../tools/tool-list.service.js';
import { ToolRegistry } from '../../tools/tool-registry.js';

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
  ) {
    super(`Unknown tool '${tool}'.${suggestions.length ? ` Closest tools: ${suggestions.join(', ')}.` : ''} Call tools/list for the catalogue.`);
  }
}

/** Transport-independent MCP operations: list the tools of a principal, call one through the chain. */
@Injectable()
export class McpDispatcher {
  constructor(
    private readonly registry: ToolRegistry,
    private readonly toolList: ToolListService,
    private readonly audit: AuditService,
    private readonly limits: CallLimits,
  ) {}

  listTools(principal: Principal): Promise<ListedTool[]> {
    return this.toolList.list(principal);
  }

  /** tools/list's result as JSON text, serialized once per cached list. */
  listToolsJson(principal: Principal): Promise<string> {
    return this.toolList.listJson(principal);
  }

  async callTool(principal: Principal, name: string, args: Record<string, unknown> | undefined): Promise<ToolCallResult> {
    const tool = this.registry.get(name);
    if (!tool) {
      const call: CallContext = { transport: 'mcp', startedAt: performance.now(), tool: name.slice(0, 100), domain: null, principal };
      // Counted like any call (as a read), before the answer that names the closest tools.
      try {
        await this.limits.admitCall(principal.userId, 'read');
      } catch (thrown) {
        const { error } = toDeskError(thrown);
        this.audit.recordRefusal(call, error);
        return resultOf(errorEnvelope(call, error));
      }
      const error = new UnknownToolError(name, rankClosest(name, this.registry.names(), 3));
      this.audit.recordCall(call, 'UNKNOWN_TOOL', { message: error.message });
      throw error;
    }
    const call: CallContext = {
      transport: 'mcp',
      startedAt: performance.now(),
      tool: name,
      domain: tool.policy.domain,
      policy: tool.policy,
      principal,
    };
    return resultOf(await runInCall(call, () => tool.handler(args ?? {})));
  }
}

function resultOf(envelope: Envelope): ToolCallResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(envelope) }],
    structuredContent: envelope,
    ...(envelope.status === 'error' ? { isError: true } : {}),
  };
}
