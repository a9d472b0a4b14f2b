/** Raw MCP over Streamable HTTP: one JSON-RPC POST, the headers a 2025-06-18 client sends. */
export const PROTOCOL_VERSION = '2025-06-18';

export function mcpHeaders(token?: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': PROTOCOL_VERSION,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
}

export function toolsCallBody(name: string, args: Record<string, unknown>, id: number | string = 1): string {
  return JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
}

export interface RpcReply {
  status: number;
  bytes: number;
  text: string;
  json: { result?: Record<string, unknown> & { isError?: boolean; structuredContent?: Record<string, unknown> }; error?: { code: number; message: string } } | undefined;
}

/** POSTs one JSON-RPC message to `${url}/mcp` and parses the reply (JSON, or the first SSE data line). */
export async function rpc(url: string, token: string | undefined, body: string, path = '/mcp'): Promise<RpcReply> {
  const res = await fetch(`${url}${path}`, { method: 'POST', headers: mcpHeaders(token), body });
  const buffer = Buffer.from(await res.arrayBuffer());
  const text = buffer.toString('utf8');
  let json: RpcReply['json'];
  try {
    json = JSON.parse(text);
  } catch {
    const data = /^data: (.*)$/m.exec(text)?.[1];
    if (data) json = JSON.parse(data);
  }
  return { status: res.status, bytes: buffer.length, text, json };
}

/** A tools/call that must succeed (HTTP 200, no JSON-RPC error, no isError); returns the reply. */
export async function callOk(url: string, token: string | undefined, name: string, args: Record<string, unknown>): Promise<RpcReply> {
  const reply = await rpc(url, token, toolsCallBody(name, args));
  if (reply.status !== 200 || !reply.json?.result || reply.json.result.isError) {
    throw new Error(`${name} at ${url} failed: HTTP ${reply.status} ${reply.text.slice(0, 600)}`);
  }
  return reply;
}
