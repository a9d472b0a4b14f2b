import type { IncomingMessage } from 'node:http';

/*
 * What the server needs of the authorization server before (and without) loading it: oidc-provider
 * is imported only when the first OAuth request comes (the CLI and stdio never load it).
 */

/** The scopes this server's tokens carry: `mcp` (every tool the user may call) and `mcp:read` (the tools that write nothing). */
export const OAUTH_SCOPES = ['mcp', 'mcp:read'] as const;
/** A client that asks for no scope gets the full MCP one (still capped by the user's profile at every use). */
export const DEFAULT_SCOPE = 'mcp';

export const INTERACTION_PATH = '/interaction';

/**
 * The request as the provider mounted at `prefix` sees it: its own path, and the full one as
 * `originalUrl` (from which it writes its URLs). An authorization request without `scope` asks for
 * DEFAULT_SCOPE (the consent page shows it).
 */
export function mountedAt(req: IncomingMessage & { originalUrl?: string }, prefix: string): void {
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname === `${prefix}/authorize` && req.method === 'GET' && !url.searchParams.has('scope')) {
    url.searchParams.set('scope', DEFAULT_SCOPE);
    req.url = url.pathname + url.search;
  }
  req.originalUrl = req.url;
  req.url = (req.url ?? '').slice(prefix.length) || '/';
}

/**
 * Client ID Metadata Documents are fetched from the client's URL: never from a name of this host's
 * networks (no probing of internal services through the authorization server).
 */
export function isPublicHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  if (name === 'localhost' || name.endsWith('.localhost') || name.endsWith('.local') || name.endsWith('.internal')) return false;
  if (/^[\d.]+$/.test(name)) return !/^(0|10|127|169\.254|172\.(1[6-9]|2\d|3[01])|192\.168|100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7]))\./.test(name);
  return !name.includes(':'); // IPv6 literals: refused, as they are rarely a client's home page
}
