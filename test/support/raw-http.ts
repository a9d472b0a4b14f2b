import { type IncomingHttpHeaders, request } from 'node:http';
import { connect, type Socket } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The body read as JSON (undefined when it is not JSON). */
  json: unknown;
}

export interface RawRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The local address to connect from (127.0.0.2 is another client on the loopback network). */
  localAddress?: string;
}

/** One HTTP request on a fresh connection (no agent, no keep-alive), from `localAddress` when given. */
export function rawRequest(url: string, options: RawRequest = {}): Promise<RawAnswer> {
  const { method = 'GET', headers = {}, body, localAddress } = options;
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: { Connection: 'close', ...headers }, localAddress, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

export interface JsonRpcCall {
  name: string;
  arguments?: unknown;
}

/** A JSON-RPC batch of tools/call requests to `${base}/mcp`, answered in order of the calls. */
export async function mcpBatch(base: string, token: string, calls: JsonRpcCall[], options: Omit<RawRequest, 'body' | 'method'> = {}): Promise<RawAnswer> {
  const body = JSON.stringify(
    calls.map((call, id) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: call.name, arguments: call.arguments ?? {} } })),
  );
  return rawRequest(`${base}/mcp`, {
    ...options,
    method: 'POST',
    body,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...options.headers },
  });
}

/** An open TCP connection to `base` (from `localAddress` when given), resolved once connected. */
export function openSocket(base: string, localAddress?: string): Promise<Socket> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port), localAddress }, () => resolve(socket));
    socket.once('error', reject);
  });
}

export interface SocketEnd {
  /** Everything the server wrote before closing. */
  received: string;
  /** Milliseconds from the call to the close. */
  afterMs: number;
}

/** Resolves when the server closes `socket` (or it errors), with what it sent; rejects after `timeoutMs`. */
export function closeOf(socket: Socket, timeoutMs: number): Promise<SocketEnd> {
  const started = Date.now();
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
  return new Promise((resolve, reject) => {
    if (socket.destroyed) {
      resolve({ received, afterMs: 0 });
      return;
    }
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server did not close the connection within ${timeoutMs} ms (received: ${JSON.stringify(received.slice(0, 200))})`));
    }, timeoutMs);
    const done = (): void => {
      clearTimeout(timer);
      resolve({ received, afterMs: Date.now() - started });
    };
    socket.once('close', done);
    socket.once('error', () => undefined);
  });
}
