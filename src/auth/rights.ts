import { type Action, type Domain, DOMAINS, type McpScope, type MergedRights, type Principal, type ProfileRights, type Scope, SCOPES } from './principal.js';

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

/** A tool's settable fields, by the domain's list they are taken from, then by the tool's fields: made once, not per call. */
const settableOfTool = new WeakMap<readonly string[], WeakMap<readonly { name: string }[], ReadonlySet<string>>>();

/**
 * The record fields `principal` may set with a tool: those of the domain's limit that the tool has
 * (a refusal and a description name what can be sent to this tool, not to another of the domain).
 * Undefined when there is no limit (reads, session tools, system work).
 */
export function settableFields(
  principal: Principal | undefined,
  tool: { domain: Domain | null; writesRecords: boolean; fields: readonly { name: string }[] } | undefined,
): ReadonlySet<string> | undefined {
  if (!principal || !tool?.writesRecords || !tool.domain) return undefined;
  const fields = principal.rights.settable?.[tool.domain];
  if (!fields) return undefined;
  let byTool = settableOfTool.get(fields);
  if (!byTool) settableOfTool.set(fields, (byTool = new WeakMap()));
  let settable = byTool.get(tool.fields);
  if (!settable) {
    const own = new Set(tool.fields.map((field) => field.name));
    byTool.set(tool.fields, (settable = new Set(fields.filter((name) => own.has(name)))));
  }
  return settable;
}

/** Whether the caller's profiles give `right` (a tool's policy says which; null: none needed). */
export function mayCall(principal: Principal, right: { domain: Domain; action: Action } | null): boolean {
  return !right || principal.rights[right.domain].includes(right.action);
}

/**
 * Whether a token's scopes grant `wanted`: `mcp` grants everything `mcp:read` does, and a request for
 * MCP at all (`mcp`, at the endpoint's door) is met by either; the tool then asks for its own scope.
 */
export function grantsScope(scopes: readonly Scope[], wanted: Scope, atDoor = false): boolean {
  if (scopes.includes(wanted)) return true;
  if (wanted === 'mcp:read') return scopes.includes('mcp');
  return atDoor && wanted === 'mcp' && scopes.includes('mcp:read');
}

/** Whether an MCP caller's token scopes reach a tool's scope (its policy says which). */
export function mayCallOverMcp(principal: Pick<Principal, 'scopes'>, tool: { mcpScope: McpScope }): boolean {
  return grantsScope(principal.scopes, tool.mcpScope);
}

/**
 * Whether an MCP caller may call a tool at all: its profiles give the tool's right and its token
 * reaches the tool's scope. What tools/list shows, what a session lists, and what the intent lock
 * may point a caller to: a tool outside it is FORBIDDEN, never a domain_switch away.
 */
export function mayCallTool(principal: Principal, tool: { right: { domain: Domain; action: Action } | null; mcpScope: McpScope }): boolean {
  return mayCall(principal, tool.right) && mayCallOverMcp(principal, tool);
}

/** The token scopes a user's profiles let work: `admin` only with the admin right. */
export function allowedScopes(rights: MergedRights): Scope[] {
  return SCOPES.filter((scope) => scope !== 'admin' || rights.admin);
}

/**
 * Rights `granted` would give beyond those of `holder`, as "domain:action" (empty when none).
 * Handing out a profile, or a token of a user, stronger than one's own would be a privilege
 * escalation by proxy.
 */
export function rightsBeyond(holder: MergedRights, granted: ProfileRights): string[] {
  const extra: string[] = [];
  for (const domain of DOMAINS) {
    for (const action of granted[domain] ?? []) {
      if (!holder[domain].includes(action)) extra.push(`${domain}:${action}`);
    }
  }
  if (granted.ticket?.length && granted.ticket_scope !== 'own' && holder.ticket_scope === 'own') extra.push('ticket:all-tickets');
  if (granted.admin === true && !holder.admin) extra.push('admin');
  return extra;
}
