import { createServer } from 'node:http';
import { createRequire } from 'node:module';

/**
 * What every baseline serves: the ticket row read from the bench's SQLite file (read-only, through
 * the product's own better-sqlite3), wrapped in an envelope shaped like the product's.
 */
type Row = Record<string, unknown>;
interface Statement {
  get(id: number): Row | undefined;
}
interface Db {
  prepare(sql: string): Statement;
}

const root = process.env.INTENTDESK_ROOT;
if (!root) throw new Error('INTENTDESK_ROOT must point at the product root');
export const rootRequire = createRequire(`${root}/package.json`);

export function openTicketReader(path: string): (id: number) => Row | undefined {
  const Database = rootRequire('better-sqlite3') as new (file: string, options: { readonly: boolean; fileMustExist: boolean }) => Db;
  const db = new Database(path, { readonly: true, fileMustExist: true });
  const statement = db.prepare('SELECT * FROM glpi_tickets WHERE id = ? AND is_deleted = 0');
  return (id) => statement.get(id);
}

export function ticketEnvelope(id: number, row: Row | undefined): Record<string, unknown> {
  if (!row) {
    return { status: 'error', domain: 'ticket', tool: 'ticket_get', error: { code: 'NOT_FOUND', retryable: false, message: `Ticket ${id} not found.` } };
  }
  return { status: 'success', domain: 'ticket', tool: 'ticket_get', message: `Ticket ${id}.`, id, data: row };
}

/** A CallToolResult with the envelope as structured content and its JSON copy as text (as the product answers). */
export function toolResult(envelope: Record<string, unknown>): { content: Array<{ type: 'text'; text: string }>; structuredContent: Record<string, unknown>; isError?: boolean } {
  return {
    content: [{ type: 'text', text: JSON.stringify(envelope) }],
    structuredContent: envelope,
    ...(envelope.status === 'error' ? { isError: true } : {}),
  };
}

export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
}

export function ready(name: string, port: number): void {
  process.stdout.write(`${name} listening on 127.0.0.1:${port}\n`);
}

/** A JSON-RPC request as the bare baselines read it. */
export interface BareMessage {
  id?: unknown;
  params?: { name?: unknown; arguments?: Record<string, unknown> };
}

/**
 * The bare baselines' HTTP side: node:http, no framework. GET answers ready; a POST is parsed as one
 * JSON-RPC request, `answer` gives its result (or error) object, and the body is padded with JSON white
 * space to `padTo(message)` bytes, the product's answer size, so both put the same bytes on the wire.
 */
export function serveBare(name: string, answer: (message: BareMessage) => Record<string, unknown>, padTo: (message: BareMessage) => number): void {
  const port = Number(requiredEnv('PORT'));
  const server = createServer((req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ready"}');
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let message: BareMessage;
      try {
        message = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BareMessage;
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' }).end('{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}');
        return;
      }
      const body = JSON.stringify({ jsonrpc: '2.0', id: message.id ?? null, ...answer(message) });
      const bytes = Buffer.byteLength(body);
      const want = padTo(message);
      const out = bytes < want ? body + ' '.repeat(want - bytes) : body;
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(out) }).end(out);
    });
  });
  server.keepAliveTimeout = 65_000;
  server.listen(port, '127.0.0.1', () => ready(name, port));
}
