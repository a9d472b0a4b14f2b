import type { Socket } from 'node:net';
import { DATABASES } from './support/databases.js';
import { closeOf, openSocket, rawRequest } from './support/raw-http.js';
import { startStack, type TestStack } from './support/test-app.js';

/**
 * Slow clients cannot hold sockets: headers, whole requests and idle kept-alive connections have
 * deadlines (small here, configured), and one client address may hold only so many connections
 * (behind a trusted proxy: requests in flight) while others are served.
 */
const HEADERS_TIMEOUT = 1000;
const REQUEST_TIMEOUT = 2000;
const KEEP_ALIVE = 3000;
/** The server checks deadlines periodically: a connection closes at most this long after its deadline (plus a loaded machine's delay). */
const CHECK_SLACK = 2500;

function headOf(text: string): string {
  return text.split('\r\n')[0] ?? '';
}

describe.each(DATABASES)('slow clients on %s', (kind) => {
  let stack: TestStack;
  let token: string;

  beforeAll(async () => {
    stack = await startStack(kind, {
      HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT),
      HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT),
      HTTP_KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE),
    });
    token = await stack.token('glpi', ['mcp', 'api']);
  });
  afterAll(async () => stack?.close());

  it('closes a connection that sends partial headers, or nothing, at the headers timeout', async () => {
    const partial = await openSocket(stack.url);
    partial.write('POST /mcp HTTP/1.1\r\nHost: intentdesk\r\nContent-Type: application/json\r\n');
    const idle = await openSocket(stack.url);
    const [partialEnd, idleEnd] = await Promise.all([closeOf(partial, HEADERS_TIMEOUT + CHECK_SLACK), closeOf(idle, HEADERS_TIMEOUT + CHECK_SLACK)]);
    for (const end of [partialEnd, idleEnd]) {
      expect(end.afterMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT - 200);
      expect(headOf(end.received)).toBe('HTTP/1.1 408 Request Timeout');
    }
  });

  it('closes a connection that trickles its headers one byte at a time', async () => {
    const socket = await openSocket(stack.url);
    const head = 'GET /health HTTP/1.1\r\nHost: intentdesk\r\nX-Slow: ' + 'x'.repeat(200);
    let sent = 0;
    const drip = setInterval(() => {
      if (!socket.destroyed && sent < head.length) socket.write(head[sent++]);
    }, 50);
    try {
      const end = await closeOf(socket, HEADERS_TIMEOUT + CHECK_SLACK);
      expect(headOf(end.received)).toBe('HTTP/1.1 408 Request Timeout');
    } finally {
      clearInterval(drip);
    }
  });

  it.each([
    ['/mcp', () => `Authorization: Bearer ${token}\r\nAccept: application/json, text/event-stream\r\n`],
    ['/api/projects', () => `Authorization: Bearer ${token}\r\n`],
  ])('closes a request to %s whose body stops half way at the request timeout', async (path, auth) => {
    const socket = await openSocket(stack.url);
    socket.write(`POST ${path} HTTP/1.1\r\nHost: intentdesk\r\n${auth()}Content-Type: application/json\r\nContent-Length: 200\r\n\r\n{"jsonrpc":"2.0",`);
    const end = await closeOf(socket, REQUEST_TIMEOUT + CHECK_SLACK);
    expect(end.afterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT - 300);
    expect(headOf(end.received)).toBe('HTTP/1.1 408 Request Timeout');
  });

  it('keeps an idle kept-alive connection for the keep-alive timeout, not the headers timeout', async () => {
    const socket = await openSocket(stack.url);
    socket.write('GET /health HTTP/1.1\r\nHost: intentdesk\r\n\r\n');
    const end = await closeOf(socket, KEEP_ALIVE + CHECK_SLACK + 1000);
    expect(headOf(end.received)).toBe('HTTP/1.1 200 OK');
    expect(end.afterMs).toBeGreaterThanOrEqual(KEEP_ALIVE - 200);
  });
});

describe.each(DATABASES)('connections per client address on %s', (kind) => {
  const CAP = 4;
  const held: Socket[] = [];

  /** Lets the held connections go, then stops the server (which waits for open requests). */
  async function stop(stack: TestStack): Promise<void> {
    for (const socket of held.splice(0)) socket.destroy();
    await stack.close();
  }

  it('refuses a client opening more than the cap, quickly, while others are served', async () => {
    const stack = await startStack(kind, { HTTP_MAX_CONNECTIONS_PER_CLIENT: String(CAP) });
    try {
      for (let i = 0; i < CAP; i++) held.push(await openSocket(stack.url));
      const extra = await openSocket(stack.url);
      // Closed within 5 s, half the default 10 s headers deadline: by the cap, at once, not by a timeout.
      const refused = await closeOf(extra, 5000);
      expect(headOf(refused.received)).toBe('HTTP/1.1 429 Too Many Requests');
      expect(refused.received).toMatch(/\r\nRetry-After: \d+\r\n/i);
      expect(refused.received).toContain('"code":"RATE_LIMITED"');
      // Another client is served meanwhile.
      expect((await rawRequest(`${stack.url}/health`, { localAddress: '127.0.0.2' })).status).toBe(200);
      // A connection given back makes room again.
      const released = held.pop()!;
      const gone = closeOf(released, 5000);
      released.end();
      await gone;
      expect((await rawRequest(`${stack.url}/health`)).status).toBe(200);
    } finally {
      await stop(stack);
    }
  });

  it('does not exempt /health and /ready from the cap: a probe sharing the address of half-sent requests gets 429 until their headers deadline', async () => {
    const stack = await startStack(kind, {
      HTTP_MAX_CONNECTIONS_PER_CLIENT: String(CAP),
      HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT),
      HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT),
    });
    try {
      for (let i = 0; i < CAP; i++) {
        const socket = await openSocket(stack.url);
        socket.write('GET /api/projects HTTP/1.1\r\nHost: intentdesk\r\n');
        held.push(socket);
      }
      const ends = held.map((socket) => closeOf(socket, HEADERS_TIMEOUT + CHECK_SLACK));
      // The cap is counted when a connection opens, before its request line is read: the path cannot exempt it.
      for (const probe of ['/health', '/ready']) expect((await rawRequest(`${stack.url}${probe}`)).status).toBe(429);
      // A probe from an address no client shares is served meanwhile.
      expect((await rawRequest(`${stack.url}/ready`, { localAddress: '127.0.0.2' })).status).toBe(200);
      // The half-sent requests are cut at the headers deadline, and the address's probes pass again.
      for (const end of await Promise.all(ends)) expect(headOf(end.received)).toBe('HTTP/1.1 408 Request Timeout');
      for (const probe of ['/health', '/ready']) expect((await rawRequest(`${stack.url}${probe}`)).status).toBe(200);
    } finally {
      await stop(stack);
    }
  });

  it('behind a trusted proxy, caps requests in flight per forwarded client, not the proxy connections', async () => {
    const stack = await startStack(kind, { HTTP_MAX_CONNECTIONS_PER_CLIENT: String(CAP), TRUSTED_PROXIES: '127.0.0.1' });
    const token = await stack.token('glpi', ['mcp', 'api']);
    try {
      // CAP requests of one client held open by the proxy (their bodies are still coming).
      for (let i = 0; i < CAP; i++) {
        const socket = await openSocket(stack.url);
        socket.write(
          `POST /api/projects HTTP/1.1\r\nHost: intentdesk\r\nX-Forwarded-For: 203.0.113.7\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`,
        );
        held.push(socket);
      }
      await new Promise((resolve) => setTimeout(resolve, 200)); // let the server see them all
      const more = await rawRequest(`${stack.url}/health`, { headers: { 'X-Forwarded-For': '203.0.113.7' } });
      expect(more.status).toBe(429);
      expect(Number(more.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(more.json).toMatchObject({ status: 'error', error: { code: 'RATE_LIMITED' } });
      // Another client through the same proxy, on more proxy connections than the cap, is served.
      expect((await rawRequest(`${stack.url}/health`, { headers: { 'X-Forwarded-For': '203.0.113.8' } })).status).toBe(200);
    } finally {
      await stop(stack);
    }
  });
});
