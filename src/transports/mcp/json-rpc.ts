/** The JSON-RPC 2.0 shapes the HTTP endpoint reads and writes. */
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

/** Classifies one element of a POST body. */
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
