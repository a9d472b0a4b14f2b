import type { McpScope } from '../auth/principal.js';

/** RFC 6750 / RFC 9728 challenges of the MCP endpoint: where to find how to get a token, and which scope. */
export function unauthorizedChallenge(resourceMetadata: string, tokenSent: boolean): string {
  return `Bearer realm="intentdesk", resource_metadata="${resourceMetadata}"${tokenSent ? ', error="invalid_token"' : ''}`;
}

/** The step-up answer: the token is good but its scope is not enough for the call (MCP authorization, scope challenge). */
export function insufficientScopeChallenge(resourceMetadata: string, scope: McpScope): string {
  return `Bearer realm="intentdesk", error="insufficient_scope", scope="${scope}", resource_metadata="${resourceMetadata}"`;
}
