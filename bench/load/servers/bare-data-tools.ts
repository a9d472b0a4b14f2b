import { requiredEnv, rootRequire, serveBare, toolResult } from './ticket-row.js';

/**
 * Baseline (d) for ticket_search and ticket_create (dry_run), the data-bound floor of those calls:
 * node:http, no framework, running the statements one product call runs (as listed by the load
 * bench's "SQL statements per tool call") as prepared better-sqlite3 statements on the same file.
 *   ticket_search (category by name + text): the session row, the category by name, the text
 *     probe's rarity count, the page, the capped COUNT when the page is full (a page with room to
 *     spare is every match, as in the product), the actors of the page's tickets.
 *   ticket_create with dry_run: the session row, the category and the users by name (a name given
 *     twice is looked up once, as the product does), then in one transaction the ticket insert, the
 *     actors in one insert, and a rollback (a dry run's answer has no view of the created record,
 *     so nothing is read back).
 * One JSON envelope per call, padded (trailing JSON white space) to the size of the product's answer
 * for that tool, so both put the same bytes on the wire. Audit rows are not written: the product
 * writes them later, in batches.
 */
type Row = Record<string, unknown>;
interface Statement {
  get(...params: unknown[]): Row | undefined;
  all(...params: unknown[]): Row[];
  run(...params: unknown[]): { lastInsertRowid: number | bigint };
}
interface Db {
  prepare(sql: string): Statement;
  exec(sql: string): void;
}
type Args = Record<string, unknown>;
type Envelope = Record<string, unknown>;

/** The product's answer size per tool (BENCH_BODY_BYTES_<TOOL>). */
const targetBytes: Record<string, number> = {
  ticket_search: Number(process.env.BENCH_BODY_BYTES_TICKET_SEARCH ?? 0),
  ticket_create: Number(process.env.BENCH_BODY_BYTES_TICKET_CREATE ?? 0),
};
const Database = rootRequire('better-sqlite3') as new (file: string, options: { fileMustExist: boolean }) => Db;
// Read-write: the dry run inserts, then rolls back (the product does the same on the same file).
const db = new Database(requiredEnv('BENCH_SQLITE'), { fileMustExist: true });

/** The entities of the bench's Super-Admin (the product inlines them in the statement texts). */
const ENTITIES = '1, 2, 3';
const ROOT_ENTITIES = '1';

/** Lower case, accents stripped: the name keys the product stores and looks names up by. */
function nameKey(input: string): string {
  return input.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

const session = db.prepare('SELECT * FROM mcp_sessions WHERE id = ?');
const categoryByName = db.prepare(
  `SELECT * FROM (SELECT t.id AS id, t.completename AS display, t.name AS name FROM glpi_itilcategories t
     WHERE t.name_key = ? AND (t.entities_id IN (${ENTITIES}) OR (t.is_recursive = 1 AND t.entities_id IN (${ROOT_ENTITIES}))) LIMIT 11) k0
   UNION ALL SELECT * FROM (SELECT t.id AS id, t.completename AS display, t.name AS name FROM glpi_itilcategories t
     WHERE t.completename_key = ? AND (t.entities_id IN (${ENTITIES}) OR (t.is_recursive = 1 AND t.entities_id IN (${ROOT_ENTITIES}))) LIMIT 11) k1`,
);
const userColumns = 't.id AS id, t.name AS display, t.email AS email, t.firstname AS firstname, t.realname AS realname';
const userVisible = `t.is_deleted = 0 AND EXISTS (SELECT 1 FROM glpi_profiles_users pu WHERE pu.users_id = t.id AND pu.entities_id IN (${ENTITIES}))`;
const userByName = db.prepare(
  ['name_key', 'email_key', 'fullname_key']
    .map((key, i) => `SELECT * FROM (SELECT ${userColumns} FROM glpi_users t WHERE t.${key} = ? AND ${userVisible} LIMIT 11) k${i}`)
    .join(' UNION ALL '),
);

// ticket_search
const textRarity = db.prepare('SELECT COUNT(*) AS n FROM (SELECT rowid FROM glpi_tickets_text WHERE glpi_tickets_text MATCH ? LIMIT 2000)');
const searchWhere = `t.is_deleted = 0 AND t.entities_id IN (${ENTITIES}) AND t.itilcategories_id = ? AND t.id IN (SELECT x.rowid FROM glpi_tickets_text x WHERE glpi_tickets_text MATCH ?)`;
const searchCount = db.prepare(`SELECT COUNT(*) AS n FROM (SELECT 1 AS one FROM glpi_tickets t WHERE ${searchWhere} LIMIT 1001) capped`);
const searchPage = db.prepare(`SELECT t.* FROM glpi_tickets t WHERE ${searchWhere} ORDER BY +t.date_mod DESC, t.id DESC LIMIT 21`);
/** The actors of n tickets: one prepared statement per list length, as the product's texts differ by it. */
const actorStatements = new Map<number, Statement>();
function actorsOf(ids: number[]): Row[] {
  if (!ids.length) return [];
  let statement = actorStatements.get(ids.length);
  if (!statement) {
    const list = ids.map(() => '?').join(', ');
    statement = db.prepare(
      `SELECT a.tickets_id AS tickets_id, a.users_id AS actor_id, a.type AS type, a.id AS id, 0 AS is_group FROM glpi_tickets_users a WHERE a.tickets_id IN (${list})
       UNION ALL SELECT g.tickets_id, g.groups_id, g.type, g.id, 1 FROM glpi_groups_tickets g WHERE g.tickets_id IN (${list})
       ORDER BY is_group, id`,
    );
    actorStatements.set(ids.length, statement);
  }
  return statement.all(...ids, ...ids);
}

// ticket_create
const insertTicket = db.prepare(
  `INSERT INTO glpi_tickets (id, name, name_key, content, type, status, urgency, impact, priority, itilcategories_id, locations_id, entities_id, date,
     time_to_resolve, global_validation, solvedate, closedate, users_id_recipient, users_id_lastupdater, is_deleted, date_creation, date_mod)
   VALUES (NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, 1, ?, NULL, 1, NULL, NULL, 1, 1, 0, ?, ?)`,
);
const insertActors = [1, 2].map((n) => db.prepare(`INSERT INTO glpi_tickets_users (tickets_id, users_id, type) VALUES ${Array(n).fill('(?, ?, ?)').join(', ')}`));
/** The labels the bench sends, as the product's vocabulary maps them (the floor needs no more). */
const TYPES: Record<string, number> = { incidente: 1, 'requisicao': 2 };
const LEVELS: Record<string, number> = { 'muito baixa': 1, baixa: 2, media: 3, alta: 4, 'muito alta': 5 };
const PRIORITY = [
  [1, 1, 2, 2, 2],
  [1, 2, 2, 3, 3],
  [2, 2, 3, 4, 4],
  [2, 3, 4, 4, 5],
  [2, 3, 4, 5, 5],
];
const level = (value: unknown): number => LEVELS[nameKey(String(value ?? 'media'))] ?? 3;

function notFound(tool: string, message: string): Envelope {
  return { status: 'error', domain: 'ticket', tool, error: { code: 'NOT_FOUND', retryable: false, message } };
}

function search(args: Args): Envelope {
  const sessionId = String(args.session_id ?? '');
  if (!session.get(sessionId)) return notFound('ticket_search', 'Session not found.');
  const key = nameKey(String(args.itilcategories_id ?? ''));
  const category = categoryByName.all(key, key)[0];
  if (!category) return notFound('ticket_search', 'Category not found.');
  const match = `"${String(args.query ?? '').replace(/"/g, '""')}"`;
  const rarity = textRarity.get(match)!.n;
  const rows = searchPage.all(category.id, match);
  // As the product: a first page with room to spare is every match, so no count runs.
  const total = rows.length > 20 ? searchCount.get(category.id, match)!.n : rows.length;
  const page = rows.slice(0, 20);
  const actors = actorsOf(page.map((r) => Number(r.id)));
  const items = page.map((r) => ({ ...r, actors: actors.filter((a) => a.tickets_id === r.id) }));
  return {
    status: 'success',
    domain: 'ticket',
    tool: 'ticket_search',
    session_id: sessionId,
    message: `${total} tickets found.`,
    resolved: { itilcategories_id: { input: args.itilcategories_id, id: category.id, name: category.name } },
    data: { items, total, has_more: rows.length > 20, text_probe: rarity },
  };
}

function createDryRun(args: Args): Envelope {
  const sessionId = String(args.session_id ?? '');
  if (!session.get(sessionId)) return notFound('ticket_create', 'Session not found.');
  const categoryKey = nameKey(String(args.itilcategories_id ?? ''));
  const category = categoryByName.all(categoryKey, categoryKey)[0];
  const users = new Map<string, Row | undefined>();
  const userOf = (name: unknown) => {
    const key = nameKey(String(name ?? ''));
    if (!users.has(key)) users.set(key, userByName.all(key, key, key)[0]);
    return users.get(key);
  };
  const requester = userOf(args.requester_id);
  const assignee = args.assignee_id === undefined ? undefined : userOf(args.assignee_id);
  if (!category || !requester) return notFound('ticket_create', 'Reference not found.');
  const name = String(args.name ?? '');
  const urgency = level(args.urgency);
  const impact = level(args.impact);
  const now = new Date().toISOString().replace('T', ' ').replace('Z', '');
  db.exec('BEGIN');
  try {
    const id = Number(
      insertTicket.run(name, nameKey(name), String(args.content ?? ''), TYPES[nameKey(String(args.type ?? ''))] ?? 1, assignee ? 2 : 1, urgency, impact, PRIORITY[urgency - 1][impact - 1], category.id, now, now, now)
        .lastInsertRowid,
    );
    if (assignee) insertActors[1].run(id, requester.id, 1, id, assignee.id, 2);
    else insertActors[0].run(id, requester.id, 1);
    return {
      status: 'success',
      domain: 'ticket',
      tool: 'ticket_create',
      session_id: sessionId,
      message: 'Dry run: nothing was written. "applied" is what would be created.',
      applied: { name, urgency, impact, itilcategories_id: category.id, requester_id: requester.id, ...(assignee ? { assignee_id: assignee.id } : {}) },
      resolved: { itilcategories_id: category, requester_id: requester, ...(assignee ? { assignee_id: assignee } : {}) },
    };
  } finally {
    db.exec('ROLLBACK');
  }
}

const TOOLS: Record<string, (args: Args) => Envelope> = { ticket_search: search, ticket_create: createDryRun };

serveBare(
  'bare-data-tools',
  (message) => {
    const tool = String(message.params?.name ?? '');
    const handle = TOOLS[tool];
    return handle ? { result: toolResult(handle(message.params?.arguments ?? {})) } : { error: { code: -32602, message: `Unknown tool ${tool}` } };
  },
  (message) => targetBytes[String(message.params?.name ?? '')] ?? 0,
);
