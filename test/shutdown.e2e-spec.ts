import { connect, type Socket } from 'node:net';
import { closeGracefully } from '../src/bootstrap.js';
import { createTestDatabase, DATABASES, readRows, type TestDatabase } from './support/databases.js';
import { startApp, type TestApp } from './support/test-app.js';

/**
 * A graceful stop: requests still running when the grace period ends are cut off, and each one
 * leaves an audit entry saying so, with its request id and route, even when no call had begun.
 */
describe.each(DATABASES)('shutdown on %s', (kind) => {
  let db: TestDatabase;
  let stack: TestApp | undefined;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await db?.drop();
  });

  /** A request whose body never comes whole: in flight until the server closes its connection. */
  const stalled = async (url: string, path: string, requestId: string, token: string): Promise<Socket> => {
    const { port } = new URL(url);
    const socket = connect(Number(port), '127.0.0.1');
    sockets.push(socket);
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\n` +
        `Accept: application/json, text/event-stream\r\nX-Request-Id: ${requestId}\r\nContent-Length: 1000\r\n\r\n{"jsonrpc":`,
    );
    return socket;
  };

  it('audits every request the deadline cuts off, on /mcp and REST', async () => {
    stack = await startApp(db.url);
    const token = await stack.token('glpi', ['mcp', 'api']);
    await stalled(stack.url, '/mcp', 'cut-off-mcp-1', token);
    await stalled(stack.url, '/api/tickets', 'cut-off-rest-1', token);
    // Both requests are in the server's hands before it stops.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const report = await closeGracefully(stack.app, 300);
    stack = undefined;
    expect(report.cutOff).toBe(2);

    const rows = await readRows(
      db,
      "SELECT request_id, transport, route, outcome, message FROM audit_log WHERE request_id LIKE 'cut-off-%' ORDER BY request_id",
    );
    expect(rows).toEqual([
      {
        request_id: 'cut-off-mcp-1',
        transport: 'mcp',
        route: 'POST /mcp',
        outcome: 'UNAVAILABLE',
        message: 'Cut off by the server stopping: still running when its 300 ms grace period ended.',
      },
      {
        request_id: 'cut-off-rest-1',
        transport: 'rest',
        route: 'POST /api/tickets',
        outcome: 'UNAVAILABLE',
        message: 'Cut off by the server stopping: still running when its 300 ms grace period ended.',
      },
    ]);
  }, 30_000);
});
