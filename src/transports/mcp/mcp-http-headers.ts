import type { JsonRpcRequest, JsonRpcResponse } from './json-rpc.js';
import { rpcError } from './json-rpc.js';
import { type Era, HEADER_MISMATCH } from './mcp-revisions.js';

/** The request headers a 2026-07-28 POST mirrors from its body, as the endpoint read them. */
export interface MirroredHeaders {
  method?: string;
  name?: string;
}

/** The body field each method's `Mcp-Name` header mirrors (the methods this server offers). */
const NAME_SOURCE: Readonly<Record<string, string>> = { 'tools/call': 'name' };

const BASE64_SENTINEL = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/;

/** A header value as sent: plain, or the `=?base64?…?=` form for values that are not plain ASCII. */
export function decodeHeaderValue(value: string): string | undefined {
  const encoded = BASE64_SENTINEL.exec(value);
  if (!encoded) return value.startsWith('=?base64?') ? undefined : value;
  return Buffer.from(encoded[1], 'base64').toString('utf8');
}

/**
 * The one check of the `Mcp-Method` and `Mcp-Name` headers, for both eras: intermediaries route and
 * rate-limit on them, so a body that disagrees with a header sent is refused (-32020) before
 * anything runs. A 2026-07-28 request must send them; a 2025 request need not (its clients send
 * none), but one it sends must say what the body says, or a gateway that lets `session_status`
 * through would let any tool through. Undefined when they agree.
 */
export function checkMirroredHeaders(request: JsonRpcRequest, headers: MirroredHeaders, era: Era): JsonRpcResponse | undefined {
  const required = era === 'modern';
  if (headers.method === undefined) {
    if (required) return mismatch(request, 'the Mcp-Method header is required.');
  } else if (headers.method !== request.method) {
    return mismatch(request, `Mcp-Method header value '${headers.method.slice(0, 100)}' does not match body value '${request.method.slice(0, 100)}'.`);
  }
  const field = Object.hasOwn(NAME_SOURCE, request.method) ? NAME_SOURCE[request.method] : undefined;
  const bodyName = field === undefined ? undefined : request.params?.[field];
  if (typeof bodyName !== 'string') return undefined; // no name to mirror: the method's own checks answer
  if (headers.name === undefined) return required ? mismatch(request, `the Mcp-Name header is required for ${request.method}.`) : undefined;
  const name = decodeHeaderValue(headers.name);
  if (name === undefined) return mismatch(request, 'the Mcp-Name header is not valid base64 between =?base64? and ?=.');
  if (name !== bodyName) return mismatch(request, `Mcp-Name header value '${name.slice(0, 100)}' does not match body value '${bodyName.slice(0, 100)}'.`);
  return undefined;
}

function mismatch(request: JsonRpcRequest, why: string): JsonRpcResponse {
  return rpcError(request.id, HEADER_MISMATCH, `Header mismatch: ${why}`);
}
