import { visiblyMarked } from '../../text/characters.js';
import type { McpClientInfo } from '../../tools/call.js';
import { type JsonRpcId, type JsonRpcResponse, rpcError } from './json-rpc.js';
import type { ToolCallResult } from './mcp-dispatcher.js';
import { META_CLIENT_CAPABILITIES, META_CLIENT_INFO } from './mcp-revisions.js';

/**
 * The HTTP endpoint keeps no state, yet a client's `initialize` is the only place it says what it
 * supports. So the Mcp-Session-Id handed back at initialize carries the client's own statements
 * (its name, whether it takes URL-mode elicitation), and every later request brings them back. It
 * proves nothing and needs not: a client that lies about itself only changes how it is answered.
 */
const PREFIX = 'c1.';
const MAX_NAME = 64;

export const UNKNOWN_CLIENT: McpClientInfo = Object.freeze({ name: null, urlElicitation: false });

/**
 * The one reading of the name a client gives itself, wherever it comes from (initialize, the
 * session id it brings back, a 2026-07-28 `_meta`, the stdio handshake): it is shown on the
 * approval page and stored with the approval, so a bidi override, a control character or a line
 * break in it is made visible (visiblyMarked) and it is cut to MAX_NAME characters. Null when none.
 */
export function clientNameOf(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? visiblyMarked(value, MAX_NAME) : null;
}

/** What a client declared at initialize (its params), as a session id. */
export function clientSessionOf(params: Record<string, unknown>): string {
  const info = params.clientInfo as { name?: unknown } | undefined;
  const name = clientNameOf(info?.name) ?? '';
  const capabilities = params.capabilities as { elicitation?: { url?: unknown } } | undefined;
  const url = typeof capabilities?.elicitation?.url === 'object' && capabilities.elicitation.url !== null;
  return PREFIX + Buffer.from(JSON.stringify({ n: name, u: url ? 1 : 0 })).toString('base64url');
}

/** The client a request's Mcp-Session-Id names; anything else (none, another server's, garbage) is an unknown client. */
export function clientOf(sessionId: string | undefined): McpClientInfo {
  if (!sessionId?.startsWith(PREFIX) || sessionId.length > 200) return UNKNOWN_CLIENT;
  try {
    const parsed = JSON.parse(Buffer.from(sessionId.slice(PREFIX.length), 'base64url').toString('utf8')) as { n?: unknown; u?: unknown };
    return { name: clientNameOf(parsed.n), urlElicitation: parsed.u === 1 };
  } catch {
    return UNKNOWN_CLIENT;
  }
}

/**
 * What a 2026-07-28 request says of its client: that revision has no handshake, so every request
 * carries the client's name and capabilities in `_meta` (mcp-revisions.ts checked they are there).
 */
export function modernClientOf(meta: Record<string, unknown> | undefined): McpClientInfo {
  const info = meta?.[META_CLIENT_INFO] as { name?: unknown } | undefined;
  const capabilities = meta?.[META_CLIENT_CAPABILITIES] as { elicitation?: { url?: unknown } } | undefined;
  const url = capabilities?.elicitation?.url;
  return { name: clientNameOf(info?.name), urlElicitation: typeof url === 'object' && url !== null };
}

/** JSON-RPC error of 2025-11-25: the call needs the user to visit a URL first (URL-mode elicitation). */
export const URL_ELICITATION_REQUIRED = -32042;

export interface UrlElicitation {
  mode: 'url';
  elicitationId: string;
  url: string;
  message: string;
}

/** The -32042 answer asking the user to open the elicitation's page (HTTP and stdio alike). */
export function urlElicitationRequired(id: JsonRpcId, elicitation: UrlElicitation): JsonRpcResponse {
  return rpcError(id, URL_ELICITATION_REQUIRED, elicitation.message, { elicitations: [elicitation] });
}

/**
 * A write held for approval, as the protocol's own answer for clients that take URL-mode
 * elicitation: they show the URL to the user (not to the model) and repeat the call once the user
 * decided. Other clients get the APPROVAL_REQUIRED envelope, with next_call.
 */
export function urlElicitationOf(result: ToolCallResult): UrlElicitation | undefined {
  const envelope = result.structuredContent;
  if (envelope.status !== 'error' || envelope.error.code !== 'APPROVAL_REQUIRED') return undefined;
  const { approval_id: id, approval_url: url } = envelope.error;
  if (typeof id !== 'string' || typeof url !== 'string') return undefined;
  return { mode: 'url', elicitationId: id, url, message: `Approve this ${envelope.tool} call in your browser; nothing is written until you do.` };
}
