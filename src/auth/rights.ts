import type { ToolOptions } from '../mcp/tool-definition.js';
import type { Action, Domain, Principal, ProfileRights } from './principal.js';

/**
 * What GLPI's simplified interface (profiles whose interface is `helpdesk`, such as Self-Service)
 * lets a requester fill in: a ticket's title, description, type, urgency, category and location.
 * Status, priority, impact, actors, entity and dates are the technicians'.
 */
export const SIMPLIFIED_INTERFACE_FIELDS: Partial<Record<Domain, readonly string[]>> = {
  ticket: ['name', 'content', 'type', 'urgency', 'itilcategories_id', 'locations_id'],
};

/**
 * Per domain, the fields a user may set when every profile giving it rights in that domain is a
 * simplified-interface one; a single central profile with rights there lifts the limit.
 */
export function simplifiedInterfaceLimits(profiles: Array<{ rights: ProfileRights; helpdesk: boolean }>): Partial<Record<Domain, readonly string[]>> {
  const limits: Partial<Record<Domain, readonly string[]>> = {};
  for (const [domain, fields] of Object.entries(SIMPLIFIED_INTERFACE_FIELDS) as Array<[Domain, readonly string[]]>) {
    const granting = profiles.filter((p) => (p.rights[domain]?.length ?? 0) > 0);
    if (granting.length > 0 && granting.every((p) => p.helpdesk)) limits[domain] = fields;
  }
  return limits;
}

/** The record fields `principal` may set with `tool`; undefined when there is no limit (reads, system work). */
export function settableFields(principal: Principal | undefined, tool: ToolOptions | undefined): ReadonlySet<string> | undefined {
  if (!principal || !tool || tool.kind !== 'write' || !tool.domain) return undefined;
  const fields = principal.rights.settable?.[tool.domain];
  return fields ? new Set(fields) : undefined;
}

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
