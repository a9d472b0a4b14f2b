import type { ToolOptions } from '../mcp/tool-definition.js';
import type { Action, Domain, Principal } from './principal.js';

/** The right a tool needs: declared, or derived from its domain and verb. */
export function requiredRight(tool: ToolOptions): { domain: Domain; action: Action } | undefined {
  if (tool.right) return tool.right;
  if (!tool.domain) return undefined;
  const verb = tool.name.slice(tool.domain.length + 1);
  const action: Action =
    tool.kind === 'read' ? 'read' : verb === 'create' ? 'create' : verb === 'delete' || verb === 'deactivate' ? 'delete' : 'update';
  return { domain: tool.domain, action };
}

export function mayCall(principal: Principal, tool: ToolOptions): boolean {
  const right = requiredRight(tool);
  return !right || principal.rights[right.domain].includes(right.action);
}
