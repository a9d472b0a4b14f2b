/** The JSON-RPC 2.0 shapes the MCP transports (an HTTP body, a stdio line) read and write. */
export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;
export const SERVER_ERROR = -32000;
/** Implementation-defined (-32000 to -32099): the request carried no valid bearer token. */
export const UNAUTHORIZED = -32001;

export type JsonRpcId = string | number;

export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: JsonRpcId;
  method: string;
  params?: Record<string, unknown>;
}

export interface JsonRpcNotification {
  jsonrpc: '2.0';
  method: string;
  params?: Record<string, unknown>;
}

export type JsonRpcResponse =
  { jsonrpc: '2.0'; id: JsonRpcId; result: unknown } | { jsonrpc: '2.0'; id: JsonRpcId | null; error: { code: number; message: string; data?: unknown } };

export type Incoming =
  { kind: 'request'; message: JsonRpcRequest } | { kind: 'notification' } | { kind: 'response' } | { kind: 'invalid'; id: JsonRpcId | null };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Classifies one message: a POST body, an element of a batch, a stdio line. */
export function classify(value: unknown): Incoming {
  if (!isObject(value) || value.jsonrpc !== '2.0') return { kind: 'invalid', id: isObject(value) && isId(value.id) ? value.id : null };
  const hasId = isId(value.id);
  if (typeof value.method === 'string') {
    if (value.params !== undefined && !isObject(value.params)) return { kind: 'invalid', id: hasId ? (value.id as JsonRpcId) : null };
    if (!hasId) return value.id === undefined ? { kind: 'notification' } : { kind: 'invalid', id: null };
    return { kind: 'request', message: value as unknown as JsonRpcRequest };
  }
  if (hasId && ('result' in value || 'error' in value)) return { kind: 'response' };
  return { kind: 'invalid', id: hasId ? (value.id as JsonRpcId) : null };
}

function isId(value: unknown): value is JsonRpcId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

export function rpcError(id: JsonRpcId | null, code: number, message: string, data?: unknown): JsonRpcResponse {
  return { jsonrpc: '2.0', id, error: { code, message, ...(data === undefined ? {} : { data }) } };
}

/** The answer to a message `classify` calls invalid. */
export function invalidRequest(id: JsonRpcId | null): JsonRpcResponse {
  return rpcError(id, INVALID_REQUEST, 'Invalid Request: not a JSON-RPC 2.0 message.');
}

/** What a text that is not JSON is answered with (-32700, id null): an HTTP body, a stdio line. */
export const PARSE_ERROR_MESSAGE = 'Parse error: invalid JSON.';

/** What a JSON-RPC text's bytes that are no UTF-8 are answered with (-32700, id null): refused, never read with replacement characters. */
export const NOT_UTF8_MESSAGE = 'Parse error: the text is not valid UTF-8.';

/** What parseJsonRpc gives for a text that is not JSON (a marker, so a parsed body costs no wrapper). */
export const NOT_JSON: unique symbol = Symbol('not JSON');

/**
 * One JSON-RPC text (an HTTP body, a stdio line) parsed, or NOT_JSON when it is no JSON (-32700).
 * JSON that is no object or batch (`"x"`, `null`, `42`) is returned as it is: it is JSON, so it is
 * an Invalid Request (-32600) where classify reads it, on every transport alike. A byte order mark
 * before it is ignored.
 */
export function parseJsonRpc(text: string): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (!/\S/.test(body)) return NOT_JSON;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return NOT_JSON;
  }
}
