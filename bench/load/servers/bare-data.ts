import { type BareMessage, requiredEnv, rootRequire, serveBare, toolResult } from './ticket-row.js';

/**
 * Baseline (d), the data-bound floor of ticket_get: node:http, no framework, running the product's
 * own statements of one call through prepared better-sqlite3 statements on the same file: the
 * session row, the ticket row and its visibility, its actor lists, the timeline, links, time spent and
 * project tasks (the ticket's six in one read transaction, as the product reads them).
 * One JSON envelope, padded like (a) to the size of the product's answer.
 */
type Row = Record<string, unknown>;
interface Statement {
  get(...params: unknown[]): Row | undefined;
  all(...params: unknown[]): Row[];
  run(): unknown;
}
interface Db {
  prepare(sql: string): Statement;
}

const targetBytes = Number(process.env.BENCH_BODY_BYTES ?? 0);
const Database = rootRequire('better-sqlite3') as new (file: string, options: { readonly: boolean; fileMustExist: boolean }) => Db;
const db = new Database(requiredEnv('BENCH_SQLITE'), { readonly: true, fileMustExist: true });

// The texts intentdesk runs for ticket_get as a Super-Admin of the demo entities (the load bench's
// "SQL statements per tool call" lists them): session, ticket row, actor lists, the timeline's newest
// entries of every kind in one statement, links, time spent, project tasks. Names of references come
// from the product's caches and cost no statement there, so none here either.
const session = db.prepare('SELECT * FROM mcp_sessions WHERE id = ?');
const ticket = db.prepare('SELECT t.* FROM glpi_tickets t WHERE t.id = ? AND t.is_deleted = 0 AND t.entities_id IN (?, ?, ?)');
const actors = db.prepare(
  `SELECT a.tickets_id AS tickets_id, a.users_id AS actor_id, a.type AS type, a.id AS id, 0 AS is_group FROM glpi_tickets_users a WHERE a.tickets_id IN (?)
   UNION ALL SELECT g.tickets_id, g.groups_id, g.type, g.id, 1 FROM glpi_groups_tickets g WHERE g.tickets_id IN (?) ORDER BY is_group, id`,
);
const KINDS = [
  [
    'followup',
    'f.id AS id, f.date AS date, f.users_id AS users_id, f.content AS content, f.is_private AS is_private',
    "glpi_itilfollowups f WHERE f.itemtype = 'Ticket' AND f.items_id = ?",
    'f.date DESC, f.id DESC',
  ],
  [
    'task',
    'k.id AS id, k.date AS date, k.users_id AS users_id, k.content AS content, k.is_private AS is_private, k.state AS state, k.actiontime AS duration, k.users_id_tech AS users_id_tech, k.begin AS begin_at, k.end AS end_at',
    'glpi_tickettasks k WHERE k.tickets_id = ?',
    'k.date DESC, k.id DESC',
  ],
  [
    'solution',
    's.id AS id, s.date_creation AS date, s.users_id AS users_id, s.content AS content, s.solutiontypes_id AS solutiontypes_id, s.status AS status, s.users_id_approval AS users_id_approval, s.date_approval AS date_approval',
    "glpi_itilsolutions s WHERE s.itemtype = 'Ticket' AND s.items_id = ?",
    's.date_creation DESC, s.id DESC',
  ],
  [
    'validation',
    "v.id AS id, v.submission_date AS date, v.users_id AS users_id, v.comment_submission AS content, CASE WHEN v.itemtype_target = 'User' THEN v.items_id_target END AS approver_id, CASE WHEN v.itemtype_target = 'Group' THEN v.items_id_target END AS approver_group_id, v.status AS status, v.comment_validation AS comment_validation, v.users_id_validate AS users_id_validate, v.validation_date AS validation_date",
    'glpi_ticketvalidations v WHERE v.tickets_id = ?',
    'v.submission_date DESC, v.id DESC',
  ],
] as const;
const COLUMNS = [...new Set(KINDS.flatMap(([, select]) => [...select.matchAll(/ AS (\w+)/g)].map((m) => m[1]).filter((c) => c !== 'id' && c !== 'date')))];
/**
 * The product's default timeline page (TIMELINE_PAGE, src/tickets/timeline/timeline.fields.ts) and one
 * more, written into the text as the product writes it (a bound LIMIT recompiles the statement on
 * every run).
 */
const TIMELINE_TAKE = 51;
const timeline = db.prepare(
  KINDS.map(([kind, select, from, order], i) => {
    const own = new Set([...select.matchAll(/ AS (\w+)/g)].map((m) => m[1]));
    const columns = COLUMNS.map((c) => (own.has(c) ? `k${i}.${c} AS ${c}` : `NULL AS ${c}`)).join(', ');
    return `SELECT '${kind}' AS kind, k${i}.id AS id, k${i}.date AS date, ${columns} FROM (SELECT ${select} FROM ${from} ORDER BY ${order} LIMIT ${TIMELINE_TAKE}) k${i}`;
  }).join(' UNION ALL '),
);
const links = db.prepare(
  `SELECT l.id AS id, l.tickets_id_1 AS tickets_id_1, l.tickets_id_2 AS tickets_id_2, l.link AS link, o.id AS other_id, o.name AS other_name
     FROM glpi_tickets_tickets l JOIN glpi_tickets o ON o.id = CASE WHEN l.tickets_id_1 = ? THEN l.tickets_id_2 ELSE l.tickets_id_1 END
    WHERE (l.tickets_id_1 = ? OR l.tickets_id_2 = ?) AND o.is_deleted = 0 AND o.entities_id IN (?, ?, ?) ORDER BY l.id`,
);
const actiontime = db.prepare('SELECT COALESCE(SUM(actiontime), 0) AS total FROM glpi_tickettasks WHERE tickets_id = ?');
const begin = db.prepare('BEGIN');
const commit = db.prepare('COMMIT');
const projectTasks = db.prepare(
  `SELECT pt.id AS id, pt.name AS name FROM glpi_projecttasks_tickets l JOIN glpi_projecttasks pt ON pt.id = l.projecttasks_id
     JOIN glpi_projects p ON p.id = pt.projects_id WHERE l.tickets_id = ? AND p.is_deleted = 0 AND p.entities_id IN (?, ?, ?) ORDER BY pt.id`,
);

function answer(message: BareMessage): Record<string, unknown> {
  const id = Number(message.params?.arguments?.id);
  const sessionId = String(message.params?.arguments?.session_id ?? '');
  const open = session.get(sessionId);
  if (!open) return notFound(id);
  // The ticket's six reads in one read transaction, as the product runs them (readTogether).
  begin.run();
  try {
    const row = ticket.get(id, 1, 2, 3);
    if (!row) return notFound(id);
    const data = {
      ...row,
      actors: actors.all(id, id),
      actiontime: actiontime.get(id)?.total,
      links: links.all(id, id, id, 1, 2, 3),
      project_tasks: projectTasks.all(id, 1, 2, 3),
      timeline: timeline.all(id, id, id, id),
    };
    return { status: 'success', domain: 'ticket', tool: 'ticket_get', session_id: sessionId, id, message: `Ticket ${id}.`, data };
  } finally {
    commit.run();
  }
}

function notFound(id: number): Record<string, unknown> {
  return { status: 'error', domain: 'ticket', tool: 'ticket_get', error: { code: 'NOT_FOUND', retryable: false, message: `Ticket ${id} not found.` } };
}

serveBare(
  'bare-data',
  (message) => ({ result: toolResult(answer(message)) }),
  () => targetBytes,
);
