import { createServer } from 'node:http';
import { ready, requiredEnv, rootRequire, toolResult } from './ticket-row.js';

/**
 * Baseline (d), the data-bound floor of ticket_get: node:http, no framework, running the product's
 * own statements of one call through prepared better-sqlite3 statements on the same file: the
 * session row, the ticket row with its three actor subqueries and its visibility, the followups.
 * One JSON envelope, padded like (a) to the size of the product's answer.
 */
type Row = Record<string, unknown>;
interface Statement {
  get(...params: unknown[]): Row | undefined;
  all(...params: unknown[]): Row[];
}
interface Db {
  prepare(sql: string): Statement;
}

const port = Number(requiredEnv('PORT'));
const targetBytes = Number(process.env.BENCH_BODY_BYTES ?? 0);
const Database = rootRequire('better-sqlite3') as new (file: string, options: { readonly: boolean; fileMustExist: boolean }) => Db;
const db = new Database(requiredEnv('BENCH_SQLITE'), { readonly: true, fileMustExist: true });

// The texts intentdesk runs for a Super-Admin of the demo entities (see the statements table of the load bench).
const session = db.prepare('SELECT * FROM mcp_sessions WHERE id = ?');
const ticket = db.prepare(
  `SELECT t.*,
     (SELECT ar.users_id FROM glpi_tickets_users ar WHERE ar.tickets_id = t.id AND ar.type = 1 ORDER BY ar.id LIMIT 1) AS requester_id,
     (SELECT aa.users_id FROM glpi_tickets_users aa WHERE aa.tickets_id = t.id AND aa.type = 2 ORDER BY aa.id LIMIT 1) AS assignee_id,
     (SELECT ag.groups_id FROM glpi_groups_tickets ag WHERE ag.tickets_id = t.id AND ag.type = 2 ORDER BY ag.id LIMIT 1) AS assignee_group_id
   FROM glpi_tickets t WHERE t.id = ? AND t.is_deleted = 0 AND t.entities_id IN (?, ?, ?)`,
);
const followups = db.prepare(
  `SELECT f.id AS id, f.content AS content, f.users_id AS users_id, f.is_private AS is_private, f.date AS date FROM glpi_itilfollowups f
    WHERE f.itemtype = 'Ticket' AND f.items_id = ? ORDER BY f.date DESC, f.id DESC LIMIT ?`,
);

type Message = { id?: unknown; params?: { arguments?: { id?: unknown; session_id?: unknown } } };

function answer(message: Message): Record<string, unknown> {
  const id = Number(message.params?.arguments?.id);
  const sessionId = String(message.params?.arguments?.session_id ?? '');
  const open = session.get(sessionId);
  const row = open ? ticket.get(id, 1, 2, 3) : undefined;
  if (!row) return { status: 'error', domain: 'ticket', tool: 'ticket_get', error: { code: 'NOT_FOUND', retryable: false, message: `Ticket ${id} not found.` } };
  const data = { ...row, followups: followups.all(id, 50) };
  return { status: 'success', domain: 'ticket', tool: 'ticket_get', session_id: sessionId, id, message: `Ticket ${id}.`, data };
}

const server = createServer((req, res) => {
  if (req.method !== 'POST') {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ready"}');
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    let message: Message;
    try {
      message = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Message;
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' }).end('{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}');
      return;
    }
    const body = JSON.stringify({ jsonrpc: '2.0', id: message.id ?? null, result: toolResult(answer(message)) });
    const bytes = Buffer.byteLength(body);
    const out = bytes < targetBytes ? body + ' '.repeat(targetBytes - bytes) : body;
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(out) }).end(out);
  });
});
server.keepAliveTimeout = 65_000;
server.listen(port, '127.0.0.1', () => ready('bare-data', port));
