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
