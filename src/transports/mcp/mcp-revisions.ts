import { INVALID_PARAMS, type JsonRpcResponse, rpcError } from './json-rpc.js';
import { SUPPORTED_PROTOCOL_VERSIONS } from './mcp-server-info.js';

/**
 * The MCP revisions served side by side. Legacy revisions (2025-11-25 and earlier) open with an
 * `initialize` handshake; modern ones (2026-07-28) carry their revision and the client's
 * capabilities in every request's `_meta` and have no handshake at all.
 */
export const MODERN_VERSIONS: readonly string[] = ['2026-07-28'];
/** The SDK 1.x list, which an upgrade could extend with a modern revision: those stay modern here. */
export const LEGACY_VERSIONS: readonly string[] = SUPPORTED_PROTOCOL_VERSIONS.filter((version) => !MODERN_VERSIONS.includes(version));
/** Every revision this server speaks, newest first: the list an unsupported revision is answered with. */
export const SUPPORTED_VERSIONS: readonly string[] = [...MODERN_VERSIONS, ...LEGACY_VERSIONS];

export const META_PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';
export const META_CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
export const META_CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';
export const META_SERVER_INFO = 'io.modelcontextprotocol/serverInfo';

/** Codes the 2026-07-28 revision reserves (-32020 to -32099). */
export const HEADER_MISMATCH = -32020;
export const UNSUPPORTED_PROTOCOL_VERSION = -32022;

export type Era = 'legacy' | 'modern';

/** How one incoming message is to be served, or the error that refuses it before any method runs. */
export type RevisionVerdict = { era: 'legacy' } | { era: 'modern'; version: string } | { era: 'refused'; error: JsonRpcResponse };

type Params = Record<string, unknown> | undefined;

function metaOf(params: Params): Record<string, unknown> | undefined {
  const meta = params?._meta;
  return typeof meta === 'object' && meta !== null && !Array.isArray(meta) ? (meta as Record<string, unknown>) : undefined;
}

/** The -32022 answer: the revision asked for and every revision this server speaks. */
export function unsupportedVersion(id: JsonRpcResponse['id'], requested: string): JsonRpcResponse {
  return rpcError(
    id,
    UNSUPPORTED_PROTOCOL_VERSION,
    `Unsupported protocol version: ${requested.slice(0, 40)} (supported versions: ${SUPPORTED_VERSIONS.join(', ')})`,
    {
      supported: SUPPORTED_VERSIONS,
      requested: requested.slice(0, 40),
    },
  );
}

/**
 * The era of one request, read from its body first (the `_meta` protocol version) with the
 * transport's version (the HTTP `MCP-Protocol-Version` header; none on stdio) as a cross-check.
 * A body that names no revision is legacy traffic, as the 2025 revisions send it; a header that
 * names a modern revision over such a body is a modern request missing its `_meta`.
 */
export function classifyRevision(
  id: JsonRpcResponse['id'],
  params: Params,
  transportVersion: string | undefined,
  checkTransportVersion: boolean,
): RevisionVerdict {
  const meta = metaOf(params);
  const claimed = meta?.[META_PROTOCOL_VERSION];
  if (claimed === undefined) {
    if (transportVersion === undefined || LEGACY_VERSIONS.includes(transportVersion)) return { era: 'legacy' };
    if (MODERN_VERSIONS.includes(transportVersion)) {
      return {
        era: 'refused',
        error: rpcError(
          id,
          INVALID_PARAMS,
          `Invalid params: a ${transportVersion} request carries params._meta["${META_PROTOCOL_VERSION}"] and ["${META_CLIENT_CAPABILITIES}"].`,
        ),
      };
    }
    return { era: 'refused', error: unsupportedVersion(id, transportVersion) };
  }
  if (typeof claimed !== 'string') {
    return { era: 'refused', error: rpcError(id, INVALID_PARAMS, `Invalid params: _meta["${META_PROTOCOL_VERSION}"] must be a string.`) };
  }
  if (checkTransportVersion && transportVersion !== undefined && transportVersion !== claimed) {
    return {
      era: 'refused',
      error: rpcError(
        id,
        HEADER_MISMATCH,
        `Header mismatch: MCP-Protocol-Version header value '${transportVersion.slice(0, 40)}' does not match body value '${claimed.slice(0, 40)}'.`,
      ),
    };
  }
  // A legacy revision named in _meta changes nothing: those revisions negotiate through initialize.
  if (LEGACY_VERSIONS.includes(claimed)) return { era: 'legacy' };
  if (!MODERN_VERSIONS.includes(claimed)) return { era: 'refused', error: unsupportedVersion(id, claimed) };
  if (checkTransportVersion && transportVersion === undefined) {
    return { era: 'refused', error: rpcError(id, HEADER_MISMATCH, 'Header mismatch: the MCP-Protocol-Version header is required.') };
  }
  const capabilities = meta?.[META_CLIENT_CAPABILITIES];
  if (typeof capabilities !== 'object' || capabilities === null || Array.isArray(capabilities)) {
    return { era: 'refused', error: rpcError(id, INVALID_PARAMS, `Invalid params: _meta["${META_CLIENT_CAPABILITIES}"] (an object) is required.`) };
  }
  return { era: 'modern', version: claimed };
}
