import type { McpScope, Principal } from '../auth/principal.js';
import { mayCallOverMcp } from '../auth/rights.js';

interface ScopedTool {
  mcpScope: McpScope;
}

/**
 * The scope a request's tool calls need beyond the token's, or undefined. Read before any call runs,
 * so a read-only token asking for a write tool is refused whole (HTTP 403, step-up) and nothing of the
 * request is done. Unknown tools are left to the dispatcher, which names the closest ones.
 */
export function scopeShortfall(principal: Principal, payload: unknown, toolOf: (name: string) => ScopedTool | undefined): McpScope | undefined {
  for (const message of Array.isArray(payload) ? (payload as unknown[]) : [payload]) {
    if (!isToolCall(message)) continue;
    const tool = toolOf(message.params.name);
    if (tool && !mayCallOverMcp(principal, tool)) return tool.mcpScope;
  }
  return undefined;
}

function isToolCall(message: unknown): message is { params: { name: string } } {
  if (typeof message !== 'object' || message === null) return false;
  const { method, params } = message as { method?: unknown; params?: unknown };
  return method === 'tools/call' && typeof params === 'object' && params !== null && typeof (params as { name?: unknown }).name === 'string';
}
