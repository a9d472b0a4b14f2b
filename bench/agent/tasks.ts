import Database from 'better-sqlite3';
import type { AgentTask, Domain } from './agent.js';
import { itemsOf, recordOf, scalar, type Reply } from './mcp.js';
import { fromDb, wallOf } from './zone.js';

/**
 * The suite: each task is a user's goal, the call(s) a model typically makes first (with the
 * usual mistakes: names for ids, Portuguese labels, odd dates, wrong field names, wrong domain,
 * a forgotten session_id, typos), and a check of the outcome in the database or in the answer.
 * Tasks run in order on a fresh copy of the demo data; later tasks may see earlier tasks' records.
 */

type Row = Record<string, any>;

/** Read-only access to a server's SQLite file, opened per check so every check sees the latest commit. */
export class Db {
  constructor(readonly path: string) {}

  private with<T>(fn: (db: Database.Database) => T): T {
    const db = new Database(this.path, { readonly: true, fileMustExist: true });
    try {
      return fn(db);
    } finally {
      db.close();
    }
  }

  get(sql: string, ...params: unknown[]): Row | undefined {
    return this.with((db) => db.prepare(sql).get(...params) as Row | undefined);
  }

  all(sql: string, ...params: unknown[]): Row[] {
    return this.with((db) => db.prepare(sql).all(...params) as Row[]);
  }
}

export interface CheckContext {
  db: Db;
  /** The final reply of each step. */
  replies: Reply[];
  /** Zone of the acting user (dates given without offset are wall times there). */
  zone: string;
}

/** The user most tasks act as (a Super-Admin). */
export const ACTING_USER = 'glpi';

export interface BenchTask extends AgentTask {
  domain: Domain;
  /** Login the task acts as (default ACTING_USER): a requester, a technician, an approver. */
  as?: string;
  goal: string;
  mistakes: string;
  /** Problems found; empty when the goal was reached. */
  check(c: CheckContext): string[];
}

// ------------------------------------------------------------------ check helpers

const idOf = (db: Db, table: string, column: string, value: string): number | undefined => db.get(`SELECT id FROM ${table} WHERE ${column} = ?`, value)?.id;
const user = (db: Db, login: string) => idOf(db, 'glpi_users', 'name', login);
const state = (db: Db, name: string) => idOf(db, 'glpi_projectstates', 'name', name);
const category = (db: Db, name: string) => idOf(db, 'glpi_itilcategories', 'name', name);
const location = (db: Db, completename: string) => idOf(db, 'glpi_locations', 'completename', completename);
const group = (db: Db, name: string) => idOf(db, 'glpi_groups', 'name', name);
const profile = (db: Db, name: string) => idOf(db, 'glpi_profiles', 'name', name);
const entity = (db: Db, name: string) => idOf(db, 'glpi_entities', 'name', name);

function project(db: Db, name: string): Row | undefined {
  return db.get('SELECT * FROM glpi_projects WHERE name = ? AND is_deleted = 0 ORDER BY id DESC', name);
}

function ticket(db: Db, name: string): Row | undefined {
  return db.get('SELECT * FROM glpi_tickets WHERE name = ? AND is_deleted = 0 ORDER BY id DESC', name);
}

function userRow(db: Db, login: string): Row | undefined {
  return db.get('SELECT * FROM glpi_users WHERE name = ?', login);
}

function actors(db: Db, ticketId: number, type: number): number[] {
  return db.all('SELECT users_id FROM glpi_tickets_users WHERE tickets_id = ? AND type = ? ORDER BY id', ticketId, type).map((r) => r.users_id);
}

function groupsOf(db: Db, ticketId: number): number[] {
  return db.all('SELECT groups_id FROM glpi_groups_tickets WHERE tickets_id = ? AND type = 2', ticketId).map((r) => r.groups_id);
}

/** The entities a user's profile assignments open (recursive ones with their sub-entities). */
function entitiesOf(db: Db, login: string): number[] {
  return db
    .all(
      `WITH RECURSIVE seen(id) AS (
         SELECT a.entities_id FROM glpi_profiles_users a JOIN glpi_users u ON u.id = a.users_id WHERE u.name = ?
         UNION SELECT e.id FROM glpi_entities e JOIN seen ON e.entities_id = seen.id JOIN glpi_profiles_users a ON a.is_recursive = 1 JOIN glpi_users u ON u.id = a.users_id AND u.name = ?
       ) SELECT id FROM seen`,
      login,
      login,
    )
    .map((r) => r.id);
}

function groupActors(db: Db, ticketId: number, type: number): number[] {
  return db.all('SELECT groups_id FROM glpi_groups_tickets WHERE tickets_id = ? AND type = ?', ticketId, type).map((r) => r.groups_id);
}

function teamOf(db: Db, taskName: string, itemtype: 'User' | 'Group'): number[] {
  return db
    .all("SELECT m.items_id FROM glpi_projecttaskteams m JOIN glpi_projecttasks k ON k.id = m.projecttasks_id WHERE k.name = ? AND m.itemtype = ? ORDER BY m.items_id", taskName, itemtype)
    .map((r) => r.items_id);
}

/** The ids of every item of every answer (a peer server may need several searches for one question). */
function allIds(replies: Reply[]): number[] {
  return [...new Set(replies.flatMap((r) => itemsOf(r.body).map((i) => Number(scalar(i.id)))))];
}

/** The figures of a count answer: the envelope's data, or the bare answer of a server without one. */
function countsOf(reply: Reply | undefined): Row | undefined {
  const body = reply?.body as Row | undefined;
  return body?.data ?? body;
}

/** A group's key as a value: a month "2026-11", or the id of a code or reference ({id, name}). */
function groupKey(group: Row, key: string): unknown {
  const k = group[key];
  return k && typeof k === 'object' ? (k.id ?? k.name) : k;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

function count(db: Db, table: string, column: string, value: string): number {
  return db.get(`SELECT COUNT(*) AS n FROM ${table} WHERE ${column} = ?`, value)?.n ?? 0;
}

/** Collects mismatches: expect(p, 'urgency', row.urgency, 4). */
function expect(problems: string[], what: string, actual: unknown, wanted: unknown): void {
  const a = actual === null || actual === undefined ? actual : typeof wanted === 'number' ? Number(actual) : actual;
  if (a !== wanted) problems.push(`${what}: got ${JSON.stringify(actual)}, want ${JSON.stringify(wanted)}`);
}

function expectWall(problems: string[], what: string, stored: unknown, wanted: string, zone: string): void {
  expect(problems, what, wallOf(fromDb(stored), zone), wanted);
}

function expectOne(problems: string[], what: string, n: number): void {
  if (n !== 1) problems.push(`${what}: ${n} records, want exactly 1`);
}

/** The ids of a search answer must be exactly `wanted` (and not empty). */
function expectIds(problems: string[], reply: Reply | undefined, wanted: number[]): void {
  const got = itemsOf(reply?.body).map((i) => Number(scalar(i.id))).sort((a, b) => a - b);
  const want = [...wanted].sort((a, b) => a - b);
  if (want.length === 0) problems.push('expected set is empty (bad fixture)');
  if (JSON.stringify(got) !== JSON.stringify(want)) problems.push(`ids: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
}

function itemId(reply: Reply | undefined, match: (item: Row) => boolean): number | undefined {
  const hit = itemsOf(reply?.body).find(match);
  return hit ? Number(scalar(hit.id)) : undefined;
}

/** The id of the one waiting (status 2) validation of a listing. */
function pendingValidation(reply: Reply | undefined): number | undefined {
  const waiting = itemsOf(reply?.body).filter((v) => Number(v.status) === 2);
  return waiting.length === 1 ? Number(waiting[0].id) : undefined;
}

/** The id a write answered with (`{id, ...}`). */
function answeredId(reply: Reply | undefined): number | undefined {
  const id = (reply?.body as { id?: unknown } | undefined)?.id;
  return typeof id === 'number' ? id : undefined;
}

/** A ticket of Filial Porto requested by the second Maria Silva (FIXTURE_USER) and observed by joao.souza (Self-Service there). */
export const FIXTURE_OBSERVED = {
  name: 'Telefone da recepção do Porto sem linha',
  content: 'O telefone IP da recepção está sem linha desde a manhã.',
  entity: 'Filial Porto',
  observer: 'joao.souza',
};

/** A ticket with a long timeline (25 followups): the first followup is its oldest entry, on its last page. */
export const FIXTURE_TIMELINE = {
  name: 'Rede lenta no 3º andar',
  content: 'A rede do terceiro andar fica lenta várias vezes ao dia.',
  requester: 'normal',
  entity: 'Sede',
  followups: ['Primeiro relato: a lentidão começa às 10h, quando a equipe de vendas chega.', ...Array.from({ length: 24 }, (_, i) => `Medição ${i + 1}: latência ainda alta.`)],
};

// ------------------------------------------------------------------ the suite

/** Deadlines must follow the opening date (now), so ticket deadlines are set next year. */
const Y = new Date().getFullYear() + 1;

export const TASKS: BenchTask[] = [
  // ================================================================ projects
  {
    id: 'P01',
    domain: 'project',
    goal: 'Create project "Migração do servidor de e-mail", state Processing, manager maria.silva, planned 1 June to 31 August 2026.',
    mistakes: 'DD/MM/YYYY dates',
    session: 'project',
    steps: [{ tool: 'project_create', args: { name: 'Migração do servidor de e-mail', projectstates_id: 'Processing', users_id: 'maria.silva', plan_start_date: '01/06/2026', plan_end_date: '31/08/2026' } }],
    check: ({ db, zone }) => {
      const p: string[] = [];
      const row = project(db, 'Migração do servidor de e-mail');
      if (!row) return ['project not created'];
      expectOne(p, 'projects', count(db, 'glpi_projects', 'name', row.name));
      expect(p, 'projectstates_id', row.projectstates_id, state(db, 'Processing'));
      expect(p, 'users_id', row.users_id, user(db, 'maria.silva'));
      expectWall(p, 'plan_start_date', row.plan_start_date, '2026-06-01 00:00', zone);
      expectWall(p, 'plan_end_date', row.plan_end_date, '2026-08-31 00:00', zone);
      return p;
    },
  },
  {
    id: 'P02',
    domain: 'project',
    goal: 'Create project "Inventário de notebooks", state New, managed by tech.',
    mistakes: 'fields title, state, manager',
    session: 'project',
    steps: [{ tool: 'project_create', args: { title: 'Inventário de notebooks', state: 'New', manager: 'tech' } }],
    check: ({ db }) => {
      const p: string[] = [];
      const row = project(db, 'Inventário de notebooks');
      if (!row) return ['project not created'];
      expect(p, 'projectstates_id', row.projectstates_id, state(db, 'New'));
      expect(p, 'users_id', row.users_id, user(db, 'tech'));
      return p;
    },
  },
  {
    id: 'P03',
    domain: 'project',
    goal: 'Create project "Novo datacenter", in Processing, high priority, starting June 1st 2026.',
    mistakes: 'typo Procesing, label Alta, date "June 1st 2026"',
    session: 'project',
    steps: [{ tool: 'project_create', args: { name: 'Novo datacenter', projectstates_id: 'Procesing', priority: 'Alta', plan_start_date: 'June 1st 2026' } }],
    check: ({ db, zone }) => {
      const p: string[] = [];
      const row = project(db, 'Novo datacenter');
      if (!row) return ['project not created'];
      expect(p, 'projectstates_id', row.projectstates_id, state(db, 'Processing'));
      expect(p, 'priority', row.priority, 4);
      expectWall(p, 'plan_start_date', row.plan_start_date, '2026-06-01 00:00', zone);
      return p;
    },
  },
  {
    id: 'P04',
    domain: 'project',
    goal: 'Set the progress of "Migração ERP" to 60%.',
    mistakes: 'project by name, percent as "60%"',
    session: 'project',
    steps: [{ tool: 'project_update', args: { id: 'Migração ERP', percent_done: '60%' } }],
    check: ({ db }) => {
      const p: string[] = [];
      expect(p, 'percent_done', project(db, 'Migração ERP')?.percent_done, 60);
      return p;
    },
  },
  {
    id: 'P05',
    domain: 'project',
    goal: 'Put "Renovação do parque de impressoras" in progress, managed by Maria Silva (maria.silva).',
    mistakes: 'state label "Em andamento", ambiguous "Maria Silva"',
    session: 'project',
    hints: { 'Maria Silva': 'maria.silva' },
    steps: [{ tool: 'project_update', args: { id: 'Renovação do parque de impressoras', projectstates_id: 'Em andamento', users_id: 'Maria Silva' } }],
    check: ({ db }) => {
      const p: string[] = [];
      const row = project(db, 'Renovação do parque de impressoras');
      expect(p, 'projectstates_id', row?.projectstates_id, state(db, 'Processing'));
      expect(p, 'users_id', row?.users_id, user(db, 'maria.silva'));
      return p;
    },
  },
  {
    id: 'P06',
    domain: 'project',
    goal: 'List the projects in state Processing.',
    mistakes: 'filter "status" for the state',
    session: 'project',
    steps: [{ tool: 'project_search', args: { status: 'Processing' } }],
    check: ({ db, replies }) => {
      const p: string[] = [];
      expectIds(p, replies[0], db.all('SELECT id FROM glpi_projects WHERE is_deleted = 0 AND projectstates_id = ?', state(db, 'Processing')).map((r) => r.id));
      return p;
    },
  },
  {
    id: 'P07',
    domain: 'project',
    goal: 'Show the project "Portal do cliente".',
    mistakes: 'project by name',
    session: 'project',
    steps: [{ tool: 'project_get', args: { id: 'Portal do cliente' } }],
    check: ({ replies }) => {
      const p: string[] = [];
      expect(p, 'name', recordOf(replies[0]?.body)?.name, 'Portal do cliente');
      return p;
    },
  },
  {
    id: 'P08',
    domain: 'project',
    goal: 'Create project "Portal do fornecedor" under "Portal do cliente" (the session is still on tickets).',
    mistakes: 'wrong domain (ticket session)',
    session: 'ticket',
    steps: [{ tool: 'project_create', args: { name: 'Portal do fornecedor', projects_id: 'Portal do cliente' } }],
    check: ({ db }) => {
      const p: string[] = [];
      const row = project(db, 'Portal do fornecedor');
      if (!row) return ['project not created'];
      expect(p, 'projects_id', row.projects_id, idOf(db, 'glpi_projects', 'name', 'Portal do cliente'));
      return p;
    },
  },
  {
    id: 'P09',
    domain: 'project',
    goal: 'Create project "Auditoria de licenças" from 2026-06-01 9:30 to 2026-07-15.',
    mistakes: 'no session_id, time "9:30"',
    session: null,
    steps: [{ tool: 'project_create', omit: ['session_id'], args: { name: 'Auditoria de licenças', plan_start_date: '2026-06-01 9:30', plan_end_date: '2026-07-15' } }],
    check: ({ db, zone }) => {
      const p: string[] = [];
      const row = project(db, 'Auditoria de licenças');
      if (!row) return ['project not created'];
      expectWall(p, 'plan_start_date', row.plan_start_date, '2026-06-01 09:30', zone);
      expectWall(p, 'plan_end_date', row.plan_end_date, '2026-07-15 00:00', zone);
      return p;
    },
  },
  {
    id: 'P10',
    domain: 'project',
    goal: 'List the projects managed by Maria (maria.silva).',
    mistakes: 'partial name "maria"',
    session: 'project',
    hints: { maria: 'maria.silva' },
    steps: [{ tool: 'project_search', args: { users_id: 'maria' } }],
    check: ({ db, replies }) => {
      const p: string[] = [];
      expectIds(p, replies[0], db.all('SELECT id FROM glpi_projects WHERE is_deleted = 0 AND users_id = ?', user(db, 'maria.silva')).map((r) => r.id));
      return p;
    },
  },
  {
    id: 'P11',
    domain: 'project',
    goal: 'Delete the project "Portal do cliente".',
    mistakes: 'project by name',
    session: 'project',
    steps: [{ tool: 'project_delete', args: { id: 'Portal do cliente' } }],
    check: ({ db }) => {
      const p: string[] = [];
      expect(p, 'is_deleted', db.get('SELECT is_deleted FROM glpi_projects WHERE name = ?', 'Portal do cliente')?.is_deleted, 1);
      return p;
    },
  },

  // ================================================================ tickets
  {
    id: 'T01',
    domain: 'ticket',
    goal: 'Open an incident "Notebook não liga" for maria.silva, urgency high, category Hardware.',
    mistakes: 'Portuguese labels, names for ids',
    session: 'ticket',
    steps: [{ tool: 'ticket_create', args: { name: 'Notebook não liga', content: 'O notebook da recepção não liga desde ontem.', type: 'Incidente', urgency: 'Alta', requester_id: 'maria.silva', itilcategories_id: 'Hardware' } }],
    check: ({ db }) => {
      const p: string[] = [];
      const row = ticket(db, 'Notebook não liga');
      if (!row) return ['ticket not created'];
      expectOne(p, 'tickets', count(db, 'glpi_tickets', 'name', row.name));
      expect(p, 'type', row.type, 1);
      expect(p, 'urgency', row.urgency, 4);
      expect(p, 'itilcategories_id', row.itilcategories_id, category(db, 'Hardware'));
      expect(p, 'requester', actors(db, row.id, 1)[0], user(db, 'maria.silva'));
      return p;
    },
  },
  {
    id: 'T02',
    domain: 'ticket',
    goal: 'Open a request "Instalar Office no notebook do João" for joao.souza, category Software.',
    mistakes: 'fields title, requester, category; label Requisição',
    session: 'ticket',
    steps: [{ tool: 'ticket_create', args: { title: 'Instalar Office no notebook do João', content: 'Instalar o pacote Office.', type: 'Requisição', requester: 'joao.souza', category: 'Software' } }],
    check: ({ db }) => {
      const p: string[] = [];
      const row = ticket(db, 'Instalar Office no notebook do João');
      if (!row) return ['ticket not created'];
      expect(p, 'type', row.type, 2);
      expect(p, 'itilcategories_id', row.itilcategories_id, category(db, 'Software'));
      expect(p, 'requester', actors(db, row.id, 1)[0], user(db, 'joao.souza'));
      return p;
    },
  },
  {
    id: 'T03',
    domain: 'ticket',
    goal: 'Open "Servidor de arquivos fora do ar" for Maria Silva (maria.silva) at Sede > Andar 2, urgency very high, impact high.',
    mistakes: 'ambiguous "Maria Silva", Portuguese labels',
    session: 'ticket',
    hints: { 'Maria Silva': 'maria.silva' },
    steps: [{ tool: 'ticket_create', args: { name: 'Servidor de arquivos fora do ar', urgency: 'Muito alta', impact: 'Alta', requester_id: 'Maria Silva', locations_id: 'Sede > Andar 2' } }],
    check: ({ db }) => {
      const p: string[] = [];
      const row = ticket(db, 'Servidor de arquivos fora do ar');
      if (!row) return ['ticket not created'];
      expect(p, 'urgency', row.urgency, 5);
      expect(p, 'impact', row.impact, 4);
      expect(p, 'locations_id', row.locations_id, location(db, 'Sede > Andar 2'));
      expect(p, 'requester', actors(db, row.id, 1)[0], user(db, 'maria.silva'));
      return p;
    },
  },
  {
    id: 'T04',
    domain: 'ticket',
    goal: `Open "Impressora da Filial Porto sem toner" for Maria (maria.silva), assigned to tech, at Porto, due 10/03/${Y} 18:00.`,
    mistakes: 'partial name "maria", DD/MM/YYYY HH:MM deadline',
    session: 'ticket',
    hints: { maria: 'maria.silva' },
    steps: [{ tool: 'ticket_create', args: { name: 'Impressora da Filial Porto sem toner', requester_id: 'maria', assignee_id: 'tech', locations_id: 'Porto', time_to_resolve: `10/03/${Y} 18:00` } }],
    check: ({ db, zone }) => {
      const p: string[] = [];
      const row = ticket(db, 'Impressora da Filial Porto sem toner');
      if (!row) return ['ticket not created'];
      expect(p, 'requester', actors(db, row.id, 1)[0], user(db, 'maria.silva'));
      expect(p, 'assignee', actors(db, row.id, 2)[0], user(db, 'tech'));
      expect(p, 'locations_id', row.locations_id, location(db, 'Porto'));
      expectWall(p, 'time_to_resolve', row.time_to_resolve, `${Y}-03-10 18:00`, zone);
      return p;
    },
  },
  {
    id: 'T05',
    domain: 'ticket',
    goal: 'Open "VPN desconecta a cada 5 minutos", urgency high, already being handled by tech, category Rede.',
    mistakes: 'status "Em atendimento" (short label), English label High',
    session: 'ticket',
    steps: [{ tool: 'ticket_create', args: { name: 'VPN desconecta a cada 5 minutos', urgency: 'High', status: 'Em atendimento', assignee_id: 'tech', itilcategories_id: 'Rede' } }],
    check: ({ db }) => {
      const p: string[] = [];
      const row = ticket(db, 'VPN desconecta a cada 5 minutos');
      if (!row) return ['ticket not created'];
      expect(p, 'urgency', row.urgency, 4);
      expect(p, 'status', row.status, 2);
      expect(p, 'assignee', actors(db, row.id, 2)[0], user(db, 'tech'));
      expect(p, 'itilcategories_id', row.itilcategories_id, category(db, 'Rede'));
      return p;
    },
  },
  {
    id: 'T06',
    domain: 'ticket',
    goal: 'List the pending tickets requested by Maria Silva (maria.silva).',
    mistakes: 'field "requester", ambiguous "Maria Silva", label Pendente',
    session: 'ticket',
    hints: { 'Maria Silva': 'maria.silva' },
    steps: [{ tool: 'ticket_search', args: { status: 'Pendente', requester: 'Maria Silva' } }],
    check: ({ db, replies }) => {
      const p: string[] = [];
      const want = db.all('SELECT t.id FROM glpi_tickets t JOIN glpi_tickets_users a ON a.tickets_id = t.id AND a.type = 1 WHERE t.is_deleted = 0 AND t.status = 4 AND a.users_id = ?', user(db, 'maria.silva'));
      expectIds(p, replies[0], want.map((r) => r.id));
      return p;
    },
  },
  {
    id: 'T07',
    domain: 'ticket',
    goal: 'Assign ticket #1 to Maria Silva (maria.silva) and lower its urgency to medium.',
    mistakes: 'ambiguous "Maria Silva", label Média',
    session: 'ticket',
    hints: { 'Maria Silva': 'maria.silva' },
    steps: [{ tool: 'ticket_update', args: { id: 1, assignee_id: 'Maria Silva', urgency: 'Média' } }],
    check: ({ db }) => {
      const p: string[] = [];
      expect(p, 'urgency', db.get('SELECT urgency FROM glpi_tickets WHERE id = 1')?.urgency, 3);
      if (!actors(db, 1, 2).includes(user(db, 'maria.silva')!)) p.push(`assignees ${JSON.stringify(actors(db, 1, 2))} lack maria.silva`);
      return p;
    },
  },
  {
    id: 'T08',
    domain: 'ticket',
    goal: 'Add a private followup to ticket #3.',
    mistakes: 'field "private"',
    session: 'ticket',
    steps: [
      {
        tool: 'ticket_add_entry',
        peer: { tool: 'ticket_add_followup' },
        args: { id: 3, content: 'Licença renovada pelo fornecedor; aguardando teste do usuário.', private: true },
      },
    ],
    check: ({ db }) => {
      const p: string[] = [];
      const row = db.get("SELECT * FROM glpi_itilfollowups WHERE itemtype = 'Ticket' AND items_id = 3 AND content LIKE 'Licença renovada%'");
      if (!row) return ['followup not added'];
      expect(p, 'is_private', row.is_private, 1);
      return p;
    },
  },
  {
    id: 'T09',
    domain: 'ticket',
    goal: 'Add a followup to ticket #2 (the session is still on projects).',
    mistakes: 'wrong domain (project session)',
    session: 'project',
    steps: [{ tool: 'ticket_add_entry', peer: { tool: 'ticket_add_followup' }, args: { id: 2, content: 'Acesso liberado; o colaborador testou com sucesso.' } }],
    check: ({ db }) => (db.get("SELECT id FROM glpi_itilfollowups WHERE itemtype = 'Ticket' AND items_id = 2 AND content LIKE 'Acesso liberado%'") ? [] : ['followup not added']),
  },
  {
    id: 'T10',
    domain: 'ticket',
    goal: 'Move ticket #3 back to Processing (assigned).',
    mistakes: 'typo "Procesing"',
    session: 'ticket',
    steps: [{ tool: 'ticket_update', args: { id: 3, status: 'Procesing' } }],
    check: ({ db }) => {
      const p: string[] = [];
      expect(p, 'status', db.get('SELECT status FROM glpi_tickets WHERE id = 3')?.status, 2);
      return p;
    },
  },
  {
    id: 'T11',
    domain: 'ticket',
    goal: 'List the high-urgency Hardware tickets.',
    mistakes: 'field "category", label Alta',
    session: 'ticket',
    steps: [{ tool: 'ticket_search', args: { urgency: 'Alta', category: 'Hardware' } }],
    check: ({ db, replies }) => {
      const p: string[] = [];
      expectIds(p, replies[0], db.all('SELECT id FROM glpi_tickets WHERE is_deleted = 0 AND urgency = 4 AND itilcategories_id = ?', category(db, 'Hardware')).map((r) => r.id));
      return p;
    },
  },
  {
    id: 'T12',
    domain: 'ticket',
    goal: 'Show ticket #3.',
    mistakes: 'no session_id',
    session: null,
    steps: [{ tool: 'ticket_get', omit: ['session_id'], args: { id: 3 } }],
    check: ({ replies }) => {
      const p: string[] = [];
      expect(p, 'name', recordOf(replies[0]?.body)?.name, 'Erro ao abrir o ERP');
      return p;
    },
  },
  {
    id: 'T13',
    domain: 'ticket',
    goal: 'Open a request "Trocar teclado do João" for joao.souza (the session is still on users).',
    mistakes: 'wrong domain (user session), English label Request',
    session: 'user',
    steps: [{ tool: 'ticket_create', args: { name: 'Trocar teclado do João', requester_id: 'joao.souza', type: 'Request' } }],
    check: ({ db }) => {
      const p: string[] = [];
      const row = ticket(db, 'Trocar teclado do João');
      if (!row) return ['ticket not created'];
      expect(p, 'type', row.type, 2);
      expect(p, 'requester', actors(db, row.id, 1)[0], user(db, 'joao.souza'));
      return p;
    },
  },
  {
    id: 'T14',
    domain: 'ticket',
    goal: 'Record "Teclado com teclas falhando", reported by normal on June 3rd 2026, low urgency.',
    mistakes: 'date "June 3rd 2026", label Baixa',
    session: 'ticket',
    steps: [{ tool: 'ticket_create', args: { name: 'Teclado com teclas falhando', date: 'June 3rd 2026', requester_id: 'normal', urgency: 'Baixa' } }],
    check: ({ db, zone }) => {
      const p: string[] = [];
      const row = ticket(db, 'Teclado com teclas falhando');
      if (!row) return ['ticket not created'];
      expect(p, 'urgency', row.urgency, 2);
      expectWall(p, 'date', row.date, '2026-06-03 00:00', zone);
      expect(p, 'requester', actors(db, row.id, 1)[0], user(db, 'normal'));
      return p;
    },
  },
  {
    id: 'T15',
    domain: 'ticket',
    goal: 'Make ticket #4 critical priority and assign it to the Infraestrutura group.',
    mistakes: 'label Crítica, abbreviated group "Infra"',
    session: 'ticket',
    steps: [{ tool: 'ticket_update', args: { id: 4, priority: 'Crítica', assignee_group_id: 'Infra' } }],
    check: ({ db }) => {
      const p: string[] = [];
      expect(p, 'priority', db.get('SELECT priority FROM glpi_tickets WHERE id = 4')?.priority, 6);
      if (!groupsOf(db, 4).includes(group(db, 'Infraestrutura')!)) p.push(`groups ${JSON.stringify(groupsOf(db, 4))} lack Infraestrutura`);
      return p;
    },
  },
  {
    id: 'T16',
    domain: 'ticket',
    goal: 'List the tickets tech is working on (Processing, assigned), highest priority first.',
    mistakes: 'field "assignee", sort "priority desc"',
    session: 'ticket',
    steps: [{ tool: 'ticket_search', args: { assignee: 'tech', status: 'Em atendimento (atribuído)', sort: 'priority desc' } }],
    check: ({ db, replies }) => {
      const p: string[] = [];
      const want = db.all('SELECT t.id FROM glpi_tickets t JOIN glpi_tickets_users a ON a.tickets_id = t.id AND a.type = 2 WHERE t.is_deleted = 0 AND t.status = 2 AND a.users_id = ?', user(db, 'tech'));
      expectIds(p, replies[0], want.map((r) => r.id));
      const priorities = itemsOf(replies[0]?.body).map((i) => Number(scalar(i.priority)));
      if (priorities.some((v, i) => i > 0 && v > priorities[i - 1])) p.push(`not highest priority first: ${JSON.stringify(priorities)}`);
      return p;
    },
  },
  {
    id: 'T17',
    domain: 'ticket',
    goal: 'Open an incident "Erro de impressão em PDF" for maria.silva@example.com, urgency 4.',
    mistakes: 'requester by email, lower-case label',
    session: 'ticket',
    steps: [{ tool: 'ticket_create', args: { name: 'Erro de impressão em PDF', requester_id: 'maria.silva@example.com', urgency: 4, type: 'incident' } }],
    check: ({ db }) => {
      const p: string[] = [];
      const row = ticket(db, 'Erro de impressão em PDF');
      if (!row) return ['ticket not created'];
      expect(p, 'urgency', row.urgency, 4);
      expect(p, 'type', row.type, 1);
      expect(p, 'requester', actors(db, row.id, 1)[0], user(db, 'maria.silva'));
      return p;
    },
  },
  {
    id: 'T18',
    domain: 'ticket',
    goal: 'Open "Sem acesso ao sistema de ponto" for João Souza in entity Filial Porto, location Porto.',
    mistakes: 'full name with accent, entity and location by name',
    session: 'ticket',
    steps: [{ tool: 'ticket_create', args: { name: 'Sem acesso ao sistema de ponto', requester_id: 'João Souza', entities_id: 'Filial Porto', locations_id: 'Porto' } }],
    check: ({ db }) => {
      const p: string[] = [];
      const row = ticket(db, 'Sem acesso ao sistema de ponto');
      if (!row) return ['ticket not created'];
      expect(p, 'entities_id', row.entities_id, entity(db, 'Filial Porto'));
      expect(p, 'locations_id', row.locations_id, location(db, 'Porto'));
      expect(p, 'requester', actors(db, row.id, 1)[0], user(db, 'joao.souza'));
      return p;
    },
  },
  {
    id: 'T19',
    domain: 'ticket',
    goal: 'Find the ticket about the monitor and add a followup to it.',
    mistakes: 'two steps: search, then followup on the id found',
    session: 'ticket',
    steps: [
      { tool: 'ticket_search', args: { query: 'monitor' } },
      { tool: 'ticket_add_entry', peer: { tool: 'ticket_add_followup' }, args: (prev) => ({ id: itemId(prev[0], (i) => /monitor/i.test(String(i.name))) ?? 'monitor', content: 'Monitor novo separado no estoque.' }) },
    ],
    check: ({ db }) => (db.get("SELECT f.id FROM glpi_itilfollowups f JOIN glpi_tickets t ON t.id = f.items_id WHERE t.name = 'Troca de monitor' AND f.content LIKE 'Monitor novo%'") ? [] : ['followup not added']),
  },
  {
    id: 'T20',
    domain: 'ticket',
    goal: 'Delete ticket #2.',
    mistakes: 'field "ticket_id" for id',
    session: 'ticket',
    steps: [{ tool: 'ticket_delete', args: { ticket_id: 2 } }],
    check: ({ db }) => {
      const p: string[] = [];
      expect(p, 'is_deleted', db.get('SELECT is_deleted FROM glpi_tickets WHERE id = 2')?.is_deleted, 1);
      return p;
    },
  },

  // ------------------------------------------------ several actors, deadlines, counts
  {
    id: 'T21',
    domain: 'ticket',
    goal: 'Add tech and the Infraestrutura group as observers of ticket #1, keeping its other actors.',
    mistakes: 'partial group name "Infra", login and group in one list',
    session: 'ticket',
    steps: [
      {
        tool: 'ticket_update',
        args: { id: 1, add_observers: ['tech', 'Infra'] },
        peer: { tool: 'ticket_update', args: { id: 1, observer_id: 'tech' }, then: [{ tool: 'ticket_update', args: { id: 1, observer_group_id: 'Infra' } }] },
      },
    ],
    check: ({ db }) => {
      const p: string[] = [];
      if (!actors(db, 1, 3).includes(user(db, 'tech')!)) p.push(`observers ${JSON.stringify(actors(db, 1, 3))} lack tech`);
      const groups = db.all('SELECT groups_id FROM glpi_groups_tickets WHERE tickets_id = 1 AND type = 3').map((r) => r.groups_id);
      if (!groups.includes(group(db, 'Infraestrutura'))) p.push(`observer groups ${JSON.stringify(groups)} lack Infraestrutura`);
      if (actors(db, 1, 1).length === 0) p.push('requester lost');
      return p;
    },
  },
  {
    id: 'T22',
    domain: 'ticket',
    goal: 'List the tickets joao.souza observes.',
    mistakes: 'field "watcher"',
    session: 'ticket',
    steps: [{ tool: 'ticket_search', args: { watcher: 'joao.souza' } }],
    check: ({ db, replies }) => {
      const p: string[] = [];
      expectIds(p, replies[0], db.all('SELECT t.id FROM glpi_tickets t JOIN glpi_tickets_users a ON a.tickets_id = t.id AND a.type = 3 WHERE t.is_deleted = 0 AND a.users_id = ?', user(db, 'joao.souza')).map((r) => r.id));
      return p;
    },
  },
  {
    id: 'T23',
    domain: 'ticket',
    goal: 'List the open tickets past their deadline.',
    mistakes: 'field "is_overdue"',
    session: 'ticket',
    steps: [{ tool: 'ticket_search', args: { is_overdue: true } }],
    check: ({ db, replies }) => {
      const p: string[] = [];
      const now = new Date().toISOString().replace('T', ' ').slice(0, 19);
      expectIds(
        p,
        replies[0],
        db
          .all(
            'SELECT id FROM glpi_tickets WHERE is_deleted = 0 AND time_to_resolve IS NOT NULL AND ((status < 5 AND time_to_resolve < ?) OR (status >= 5 AND solvedate > time_to_resolve))',
            now,
          )
          .map((r) => r.id),
      );
      return p;
    },
  },
  {
    id: 'T24',
    domain: 'ticket',
    goal: 'How many tickets are there per status?',
    mistakes: 'field "groupBy"',
    session: 'ticket',
    steps: [{ tool: 'ticket_search', args: { groupBy: 'status' }, peer: { tool: 'ticket_stats' } }],
    check: ({ db, replies }) => {
      const p: string[] = [];
      type Counts = { count?: number; groups?: Array<{ count: number; status: { id: number } }> };
      // The envelope's data, or the bare answer of a server without an envelope.
      const body = replies[0]?.body as (Counts & { data?: Counts }) | undefined;
      const data = body?.data ?? body;
      const wanted = db.all('SELECT status, COUNT(*) AS n FROM glpi_tickets WHERE is_deleted = 0 GROUP BY status');
      expect(p, 'count', data?.count, wanted.reduce((n, r) => n + Number(r.n), 0));
      for (const r of wanted) expect(p, `status ${r.status}`, data?.groups?.find((g) => g.status?.id === r.status)?.count, r.n);
      return p;
    },
  },

  // ================================================================ users
  {
    id: 'U01',
    domain: 'user',
    goal: 'Create user ana.lima (Ana Lima, ana.lima@example.com), Technician in Sede.',
    mistakes: 'profile and entity by name',
    session: 'user',
    steps: [{ tool: 'user_create', args: { name: 'ana.lima', firstname: 'Ana', realname: 'Lima', email: 'ana.lima@example.com', profiles_id: 'Technician', entities_id: 'Sede' } }],
    check: ({ db }) => {
      const p: string[] = [];
      const row = userRow(db, 'ana.lima');
      if (!row) return ['user not created'];
      expect(p, 'realname', row.realname, 'Lima');
      const a = db.get('SELECT * FROM glpi_profiles_users WHERE users_id = ? AND profiles_id = ? AND entities_id = ?', row.id, profile(db, 'Technician'), entity(db, 'Sede'));
      if (!a) p.push('no Technician assignment on Sede');
      return p;
    },
  },
  {
    id: 'U02',
    domain: 'user',
    goal: 'Create user carlos.pereira (Carlos Pereira, carlos.pereira@example.com).',
    mistakes: 'fields login, first_name, last_name',
    session: 'user',
    steps: [{ tool: 'user_create', args: { login: 'carlos.pereira', first_name: 'Carlos', last_name: 'Pereira', email: 'carlos.pereira@example.com' } }],
    check: ({ db }) => {
      const p: string[] = [];
      const row = userRow(db, 'carlos.pereira');
      if (!row) return ['user not created'];
      expect(p, 'firstname', row.firstname, 'Carlos');
      expect(p, 'realname', row.realname, 'Pereira');
      expect(p, 'email', row.email, 'carlos.pereira@example.com');
      return p;
    },
  },
  {
    id: 'U03',
    domain: 'user',
    goal: 'Create user beatriz.costa (Beatriz Costa) as a technician in the Service Desk group.',
    mistakes: 'profile in Portuguese "Técnico", group in lower case',
    session: 'user',
    steps: [{ tool: 'user_create', args: { name: 'beatriz.costa', firstname: 'Beatriz', realname: 'Costa', profiles_id: 'Técnico', groups_id: 'service desk' } }],
    check: ({ db }) => {
      const p: string[] = [];
      const row = userRow(db, 'beatriz.costa');
      if (!row) return ['user not created'];
      if (!db.get('SELECT 1 FROM glpi_profiles_users WHERE users_id = ? AND profiles_id = ?', row.id, profile(db, 'Technician'))) p.push('no Technician assignment');
      if (!db.get('SELECT 1 FROM glpi_groups_users WHERE users_id = ? AND groups_id = ?', row.id, group(db, 'Service Desk'))) p.push('not in Service Desk');
      return p;
    },
  },
  {
    id: 'U04',
    domain: 'user',
    goal: "Set joao.souza's phone to +55 11 91234-5678.",
    mistakes: 'user by login in "id"',
    session: 'user',
    steps: [{ tool: 'user_update', args: { id: 'joao.souza', phone: '+55 11 91234-5678' } }],
    check: ({ db }) => {
      const p: string[] = [];
      expect(p, 'phone', userRow(db, 'joao.souza')?.phone, '+55 11 91234-5678');
      return p;
    },
  },
  {
    id: 'U05',
    domain: 'user',
    goal: 'Deactivate the user post-only.',
    mistakes: 'two steps: search, then deactivate the id found',
    session: 'user',
    steps: [
      { tool: 'user_search', args: { query: 'post-only' } },
      { tool: 'user_deactivate', args: (prev) => ({ id: itemId(prev[0], (i) => i.name === 'post-only') ?? 'post-only' }) },
    ],
    check: ({ db }) => {
      const p: string[] = [];
      expect(p, 'is_active', userRow(db, 'post-only')?.is_active, 0);
      return p;
    },
  },
  {
    id: 'U06',
    domain: 'user',
    goal: 'List the technicians of the Sede entity.',
    mistakes: 'filters "profile" and "entity"',
    session: 'user',
    steps: [{ tool: 'user_search', args: { profile: 'Technician', entity: 'Sede' } }],
    check: ({ db, replies }) => {
      const p: string[] = [];
      const want = db.all('SELECT DISTINCT u.id FROM glpi_users u JOIN glpi_profiles_users a ON a.users_id = u.id WHERE u.is_active = 1 AND u.is_deleted = 0 AND a.profiles_id = ? AND a.entities_id = ?', profile(db, 'Technician'), entity(db, 'Sede'));
      expectIds(p, replies[0], want.map((r) => r.id));
      return p;
    },
  },
  {
    id: 'U07',
    domain: 'user',
    goal: 'Set user #6 to Brazilian Portuguese and the São Paulo time zone.',
    mistakes: 'language "pt-br", zone "America/Sao Paulo"',
    session: 'user',
    steps: [{ tool: 'user_update', args: { id: 6, language: 'pt-br', timezone: 'America/Sao Paulo' } }],
    check: ({ db }) => {
      const p: string[] = [];
      const row = db.get('SELECT language, timezone FROM glpi_users WHERE id = 6');
      expect(p, 'language', row?.language, 'pt_BR');
      expect(p, 'timezone', row?.timezone, 'America/Sao_Paulo');
      return p;
    },
  },
  {
    id: 'U08',
    domain: 'user',
    goal: 'Create user diego.alves (Diego Alves), Self-Service in Filial Porto.',
    mistakes: 'no session_id',
    session: null,
    steps: [{ tool: 'user_create', omit: ['session_id'], args: { name: 'diego.alves', firstname: 'Diego', realname: 'Alves', profiles_id: 'Self-Service', entities_id: 'Filial Porto' } }],
    check: ({ db }) => {
      const p: string[] = [];
      const row = userRow(db, 'diego.alves');
      if (!row) return ['user not created'];
      if (!db.get('SELECT 1 FROM glpi_profiles_users WHERE users_id = ? AND profiles_id = ? AND entities_id = ?', row.id, profile(db, 'Self-Service'), entity(db, 'Filial Porto'))) p.push('no Self-Service assignment on Filial Porto');
      return p;
    },
  },
  {
    id: 'U09',
    domain: 'user',
    goal: 'Create user fernanda.rocha (Fernanda Rocha) in the Infraestrutura group (the session is still on tickets).',
    mistakes: 'wrong domain (ticket session)',
    session: 'ticket',
    steps: [{ tool: 'user_create', args: { name: 'fernanda.rocha', firstname: 'Fernanda', realname: 'Rocha', groups_id: 'Infraestrutura' } }],
    check: ({ db }) => {
      const row = userRow(db, 'fernanda.rocha');
      if (!row) return ['user not created'];
      return db.get('SELECT 1 FROM glpi_groups_users WHERE users_id = ? AND groups_id = ?', row.id, group(db, 'Infraestrutura')) ? [] : ['not in Infraestrutura'];
    },
  },
  {
    id: 'U10',
    domain: 'user',
    goal: 'Find the users called Maria Silva.',
    mistakes: 'full name as free text',
    session: 'user',
    steps: [{ tool: 'user_search', args: { query: 'Maria Silva' } }],
    check: ({ db, replies }) => {
      const p: string[] = [];
      const want = db.all("SELECT id FROM glpi_users WHERE firstname = 'Maria' AND realname = 'Silva' AND is_active = 1 AND is_deleted = 0");
      const got = itemsOf(replies[0]?.body).map((i) => Number(scalar(i.id)));
      for (const w of want) if (!got.includes(w.id)) p.push(`user ${w.id} missing from the answer`);
      if (want.length < 2) p.push('fixture: expected two Maria Silva');
      return p;
    },
  },
  {
    id: 'U11',
    domain: 'user',
    goal: 'Show the user maria.silva.',
    mistakes: 'user by login in "id"',
    session: 'user',
    steps: [{ tool: 'user_get', args: { id: 'maria.silva' } }],
    check: ({ replies }) => {
      const p: string[] = [];
      expect(p, 'name', recordOf(replies[0]?.body)?.name, 'maria.silva');
      return p;
    },
  },
  {
    id: 'U12',
    domain: 'user',
    goal: 'Change the email of user #5 to maria.silva@empresa.com.br and add her to Infraestrutura.',
    mistakes: 'field "group"',
    session: 'user',
    steps: [{ tool: 'user_update', args: { id: 5, email: 'maria.silva@empresa.com.br', group: 'Infraestrutura' } }],
    check: ({ db }) => {
      const p: string[] = [];
      expect(p, 'email', db.get('SELECT email FROM glpi_users WHERE id = 5')?.email, 'maria.silva@empresa.com.br');
      if (!db.get('SELECT 1 FROM glpi_groups_users WHERE users_id = 5 AND groups_id = ?', group(db, 'Infraestrutura'))) p.push('not in Infraestrutura');
      return p;
    },
  },
  // ================================================================ hints (each point: a right hint, or none)
  {
    id: 'H01',
    domain: 'ticket',
    goal: 'Open ticket "Leitor de código de barras do caixa 2 falhando", waiting on the supplier, urgency critical.',
    mistakes: 'status and urgency by meaning (Aguardando fornecedor, Urgente)',
    session: 'ticket',
    steps: [{ tool: 'ticket_create', args: { name: 'Leitor de código de barras do caixa 2 falhando', status: 'Aguardando', urgency: 'Urgente' } }],
    check: ({ db }) => {
      const p: string[] = [];
      const row = ticket(db, 'Leitor de código de barras do caixa 2 falhando');
      if (!row) return ['ticket not created'];
      expect(p, 'status', row.status, 4);
      expect(p, 'urgency', row.urgency, 5);
      return p;
    },
  },
  {
    id: 'H02',
    domain: 'ticket',
    goal: 'Open ticket "Troca do toner da sala 3" for the Maria Silva of Filial Porto (msilva).',
    mistakes: 'a last name two users share ("Silva")',
    session: 'ticket',
    hints: { Silva: 'Filial Porto' },
    steps: [{ tool: 'ticket_create', args: { name: 'Troca do toner da sala 3', requester_id: 'Silva' } }],
    check: ({ db }) => {
      const p: string[] = [];
      const row = ticket(db, 'Troca do toner da sala 3');
      if (!row) return ['ticket not created'];
      expect(p, 'requester', actors(db, row.id, 1)[0], user(db, 'msilva'));
      return p;
    },
  },
  {
    id: 'H03',
    domain: 'user',
    goal: 'Find the user whose login is joao.souza.',
    mistakes: 'search filter "login"',
    session: 'user',
    steps: [{ tool: 'user_search', args: { login: 'joao.souza' } }],
    check: ({ db, replies }) => {
      const p: string[] = [];
      expectIds(p, replies[0], [user(db, 'joao.souza')!]);
      return p;
    },
  },
  {
    id: 'H04',
    domain: 'project',
    goal: 'Create project "Auditoria de licenças" planned to start on 30 September 2026 at 9 in the morning.',
    mistakes: 'day-first date with an hour form ("30/09/2026 9h")',
    session: 'project',
    steps: [{ tool: 'project_create', args: { name: 'Auditoria de licenças', plan_start_date: '30/09/2026 9h' } }],
    check: ({ db, zone }) => {
      const p: string[] = [];
      const row = project(db, 'Auditoria de licenças');
      if (!row) return ['project not created'];
      expectWall(p, 'plan_start_date', row.plan_start_date, '2026-09-30 09:00', zone);
      return p;
    },
  },
  {
    id: 'H05',
    domain: 'ticket',
    goal: 'Show the ticket titled "Erro ao abrir o ERP".',
    mistakes: 'a title where the id goes',
    session: 'ticket',
    steps: [{ tool: 'ticket_get', args: { id: 'Erro ao abrir o ERP' } }],
    check: ({ replies }) => {
      const p: string[] = [];
      expect(p, 'name', recordOf(replies[0]?.body)?.name, 'Erro ao abrir o ERP');
      return p;
    },
  },
  {
    id: 'H06',
    domain: 'ticket',
    goal: 'Set ticket #3 to pending (the user wrote "em pausa") with a deadline of 15 January next year at 18h.',
    mistakes: 'status "em pausa", day-first date with "18h"',
    session: 'ticket',
    steps: [{ tool: 'ticket_update', args: { id: 3, status: 'em pausa', time_to_resolve: `15/01/${Y} 18h` } }],
    check: ({ db, zone }) => {
      const p: string[] = [];
      const row = db.get('SELECT * FROM glpi_tickets WHERE id = 3');
      expect(p, 'status', row?.status, 4);
      expectWall(p, 'time_to_resolve', row?.time_to_resolve, `${Y}-01-15 18:00`, zone);
      return p;
    },
  },
  {
    id: 'H07',
    domain: 'project',
    goal: 'Create project "Contagem física" below the asset inventory of the Porto branch (two projects are named "Inventário de ativos").',
    mistakes: 'a parent named by a name two projects share and its branch',
    session: 'project',
    hints: { 'Inventário de ativos Porto': 'Filial Porto' },
    steps: [{ tool: 'project_create', args: { name: 'Contagem física', projects_id: 'Inventário de ativos Porto' } }],
    check: ({ db }) => {
      const p: string[] = [];
      const row = project(db, 'Contagem física');
      if (!row) return ['project not created'];
      expect(p, 'projects_id', row.projects_id, idOf(db, 'glpi_projects', 'code', 'INV-PORTO'));
      return p;
    },
  },
  // ------------------------------------------------------------------ timeline, approvals, links
  {
    id: 'X01',
    domain: 'ticket',
    goal: 'Log on ticket #3 an hour and a half of work by tech, already done: "Contato com o fornecedor da licença".',
    mistakes: 'duration "1h30", state "Feito", technician by login',
    session: 'ticket',
    steps: [
      {
        tool: 'ticket_add_entry',
        args: { id: 3, kind: 'task', content: 'Contato com o fornecedor da licença.', duration: '1h30', state: 'Feito', users_id_tech: 'tech' },
        peer: { tool: 'ticket_add_task', args: { id: 3, content: 'Contato com o fornecedor da licença.', actiontime: '1h30', state: 'Feito', users_id_tech: 'tech' } },
      },
    ],
    check: ({ db }) => {
      const p: string[] = [];
      const row = db.get("SELECT * FROM glpi_tickettasks WHERE tickets_id = 3 AND content LIKE 'Contato com o fornecedor%'");
      if (!row) return ['task not added'];
      expect(p, 'actiontime', row.actiontime, 5400);
      expect(p, 'state', row.state, 2);
      expect(p, 'users_id_tech', row.users_id_tech, user(db, 'tech'));
      return p;
    },
  },
  {
    id: 'X02',
    domain: 'ticket',
    goal: 'Solve ticket #1 with a remote fix ("Solução remota"): "Fila de impressão limpa e driver reinstalado."',
    mistakes: 'solution type by name, field "solution_type"',
    session: 'ticket',
    steps: [
      {
        tool: 'ticket_add_entry',
        args: { id: 1, kind: 'solution', content: 'Fila de impressão limpa e driver reinstalado.', solution_type: 'Solução remota' },
        peer: { tool: 'ticket_add_solution', args: { id: 1, content: 'Fila de impressão limpa e driver reinstalado.', solution_type: 'Solução remota' } },
      },
    ],
    check: ({ db }) => {
      const p: string[] = [];
      const row = db.get("SELECT * FROM glpi_itilsolutions WHERE itemtype = 'Ticket' AND items_id = 1");
      if (!row) return ['solution not added'];
      expect(p, 'solutiontypes_id', row.solutiontypes_id, idOf(db, 'glpi_solutiontypes', 'name', 'Solução remota'));
      expect(p, 'ticket status', db.get('SELECT status FROM glpi_tickets WHERE id = 1')?.status, 5);
      return p;
    },
  },
  {
    id: 'X03',
    domain: 'ticket',
    goal: 'Ask Maria Silva (maria.silva) to approve ticket #3.',
    mistakes: 'an ambiguous full name for the approver',
    session: 'ticket',
    hints: { 'Maria Silva': 'maria.silva' },
    steps: [
      {
        tool: 'ticket_validation',
        args: { id: 3, approver_id: 'Maria Silva', comment: 'Pode aprovar a renovação?' },
        peer: { tool: 'ticket_request_validation', args: { id: 3, users_id_validate: 'Maria Silva', comment_submission: 'Pode aprovar a renovação?' } },
      },
    ],
    check: ({ db }) => {
      const p: string[] = [];
      const row = db.get("SELECT * FROM glpi_ticketvalidations WHERE tickets_id = 3 AND itemtype_target = 'User' AND items_id_target = ?", user(db, 'maria.silva'));
      if (!row) return ['validation not requested'];
      expect(p, 'status', row.status, 2);
      return p;
    },
  },
  {
    id: 'X04',
    domain: 'ticket',
    goal: 'Ask yourself to sign off ticket #3 too, then approve it on the ticket "Erro ao abrir o ERP".',
    mistakes: 'the ticket by title, the answer in Portuguese, no validation id',
    session: 'ticket',
    steps: [
      {
        tool: 'ticket_validation',
        args: { id: 3, approver_id: 'glpi' },
        peer: { tool: 'ticket_request_validation', args: { id: 3, users_id_validate: 'glpi' } },
      },
      {
        tool: 'ticket_validation',
        args: { id: 'Erro ao abrir o ERP', answer: 'aprovado' },
        // A peer's answer tool takes a validation id: the one its request just answered with.
        peer: { tool: 'ticket_answer_validation', args: (prev) => ({ id: answeredId(prev[0]) ?? 'Erro ao abrir o ERP', status: 'aprovado' }) },
      },
    ],
    check: ({ db }) => {
      const p: string[] = [];
      const row = db.get("SELECT * FROM glpi_ticketvalidations WHERE tickets_id = 3 AND itemtype_target = 'User' AND items_id_target = ?", user(db, 'glpi'));
      expect(p, 'status', row?.status, 3);
      return p;
    },
  },
  {
    id: 'X05',
    domain: 'ticket',
    goal: 'Mark the ticket "Troca de monitor" as a duplicate of ticket #1.',
    mistakes: 'a title where the id goes, relation "duplicate of"',
    session: 'ticket',
    steps: [
      {
        tool: 'ticket_link',
        args: { id: 'Troca de monitor', other_id: 1, relation: 'duplicate of' },
        peer: { tool: 'ticket_link', args: { tickets_id_1: 'Troca de monitor', tickets_id_2: 1, link: 'duplicate of' } },
      },
    ],
    check: ({ db }) => {
      const monitor = ticket(db, 'Troca de monitor');
      const row = db.get('SELECT * FROM glpi_tickets_tickets WHERE tickets_id_1 = ? AND tickets_id_2 = 1 AND link = 2', monitor?.id);
      return row ? [] : ['link not stored'];
    },
  },
  {
    id: 'X06',
    domain: 'project',
    goal: 'Add to the project "Migração ERP" a task "Migrar cadastros" at 20 %, with tech on its team.',
    mistakes: 'project by name, percentage as "20%", member by login',
    session: 'project',
    steps: [
      {
        tool: 'project_task_save',
        args: { projects_id: 'Migração ERP', name: 'Migrar cadastros', percent_done: '20%', member_id: 'tech' },
        peer: {
          // A peer's create takes no team member (project_task_team_add does): no member field to get wrong.
          tool: 'project_task_create',
          args: { projects_id: 'Migração ERP', name: 'Migrar cadastros', percent_done: '20%' },
          then: [{ tool: 'project_task_team_add', args: (prev) => ({ projecttasks_id: answeredId(prev[0]) ?? 'Migrar cadastros', users_id: 'tech' }) }],
        },
      },
    ],
    check: ({ db }) => {
      const p: string[] = [];
      const row = db.get("SELECT * FROM glpi_projecttasks WHERE name = 'Migrar cadastros'");
      if (!row) return ['task not created'];
      expect(p, 'projects_id', row.projects_id, project(db, 'Migração ERP')?.id);
      expect(p, 'percent_done', row.percent_done, 20);
      if (!db.get("SELECT id FROM glpi_projecttaskteams WHERE projecttasks_id = ? AND itemtype = 'User' AND items_id = ?", row.id, user(db, 'tech'))) p.push('tech not on the team');
      return p;
    },
  },
  // ------------------------------------------------------------------ project task teams and tickets
  {
    id: 'X07',
    domain: 'project',
    goal: 'On the task "Migrar dados fiscais", replace tech by Maria Silva (maria.silva) and add the Service Desk group.',
    mistakes: 'the task by name, an ambiguous full name in a list, a group in lower case',
    session: 'project',
    hints: { 'Maria Silva': 'maria.silva' },
    steps: [
      {
        tool: 'project_task_save',
        args: { id: 'Migrar dados fiscais', remove_members: ['tech'], add_members: ['Maria Silva', 'service desk'] },
        peer: {
          tool: 'project_task_team_remove',
          args: { projecttasks_id: 'Migrar dados fiscais', users_id: 'tech' },
          then: [
            { tool: 'project_task_team_add', args: (prev) => ({ projecttasks_id: answeredId(prev[prev.length - 1]) ?? 'Migrar dados fiscais', users_id: 'Maria Silva' }) },
            { tool: 'project_task_team_add', args: (prev) => ({ projecttasks_id: answeredId(prev[0]) ?? 'Migrar dados fiscais', groups_id: 'service desk' }) },
          ],
        },
      },
    ],
    check: ({ db }) => {
      const p: string[] = [];
      expect(p, 'users', JSON.stringify(teamOf(db, 'Migrar dados fiscais', 'User')), JSON.stringify([user(db, 'maria.silva')]));
      expect(p, 'groups', JSON.stringify(teamOf(db, 'Migrar dados fiscais', 'Group')), JSON.stringify([group(db, 'Service Desk'), group(db, 'Infraestrutura')].sort((a, b) => a! - b!)));
      return p;
    },
  },
  {
    id: 'X08',
    domain: 'ticket',
    goal: 'Which project task is ticket #3 waiting on?',
    mistakes: 'a field list with a singular name ("project_task")',
    session: 'ticket',
    steps: [
      {
        tool: 'ticket_get',
        args: { id: 3, fields: ['name', 'project_task'] },
        // The same singular for a plural name, in the peer's form: GLPI's tickets_id written ticket_id.
        peer: { tool: 'project_task_search', args: { ticket_id: 3 } },
      },
    ],
    check: ({ replies }) => (JSON.stringify(replies[replies.length - 1]?.body ?? {}).includes('"Migrar dados fiscais"') ? [] : ['the answer does not name the task "Migrar dados fiscais"']),
  },
  {
    id: 'X09',
    domain: 'project',
    goal: 'The ERP ticket no longer waits on "Migrar dados fiscais": unlink ticket "Erro ao abrir o ERP" from that task.',
    mistakes: 'the task and the ticket by name, field "remove_ticket"',
    session: 'project',
    steps: [
      {
        tool: 'project_task_save',
        args: { id: 'Migrar dados fiscais', remove_ticket: 'Erro ao abrir o ERP' },
        // The same misnamed ticket field in the peer's form: "ticket" for tickets_id.
        peer: { tool: 'project_task_ticket_remove', args: { projecttasks_id: 'Migrar dados fiscais', ticket: 'Erro ao abrir o ERP' } },
      },
    ],
    check: ({ db }) => {
      const left = db.get("SELECT 1 AS x FROM glpi_projecttasks_tickets l JOIN glpi_projecttasks k ON k.id = l.projecttasks_id JOIN glpi_tickets t ON t.id = l.tickets_id WHERE k.name = 'Migrar dados fiscais' AND t.name = 'Erro ao abrir o ERP'");
      return left ? ['the ticket is still linked to the task'] : [];
    },
  },
  // ------------------------------------------------------------------ links, refused solutions, approvals, long timelines
  {
    id: 'X10',
    domain: 'ticket',
    goal: 'Make ticket #1 the parent of the ticket "Notebook não liga".',
    mistakes: 'the other ticket by title, relation "parent of"',
    session: 'ticket',
    steps: [
      {
        tool: 'ticket_link',
        args: { id: 1, other_id: 'Notebook não liga', relation: 'parent of' },
        peer: { tool: 'ticket_link', args: { tickets_id_1: 1, tickets_id_2: 'Notebook não liga', link: 'parent of' } },
      },
    ],
    check: ({ db }) => {
      const child = ticket(db, 'Notebook não liga')?.id;
      const row = db.get('SELECT 1 AS x FROM glpi_tickets_tickets WHERE (tickets_id_1 = 1 AND tickets_id_2 = ? AND link = 4) OR (tickets_id_1 = ? AND tickets_id_2 = 1 AND link = 3)', child, child);
      return row ? [] : ['no parent/child link stored'];
    },
  },
  {
    id: 'X11',
    domain: 'ticket',
    goal: 'The requester says the fix on ticket #1 did not work: refuse the solution and put the ticket back in progress.',
    mistakes: 'status "Processing" (two statuses start so)',
    session: 'ticket',
    steps: [{ tool: 'ticket_update', args: { id: 1, status: 'Processing' } }],
    check: ({ db }) => {
      const p: string[] = [];
      expect(p, 'status', db.get('SELECT status FROM glpi_tickets WHERE id = 1')?.status, 2);
      expect(p, 'solution status', db.get("SELECT status FROM glpi_itilsolutions WHERE itemtype = 'Ticket' AND items_id = 1 ORDER BY id DESC")?.status, 4);
      return p;
    },
  },
  {
    id: 'X12',
    domain: 'ticket',
    goal: 'As maria.silva, refuse the approval asked of her on ticket #3: "Sem orçamento este mês."',
    mistakes: 'the answer in Portuguese ("recusado"), no validation id',
    session: 'ticket',
    as: 'maria.silva',
    steps: [
      {
        tool: 'ticket_validation',
        args: { id: 3, answer: 'recusado', comment: 'Sem orçamento este mês.' },
        peer: {
          tool: 'ticket_validation_list',
          args: { id: 3 },
          then: [{ tool: 'ticket_answer_validation', args: (prev) => ({ id: pendingValidation(prev[prev.length - 1]) ?? 3, status: 'recusado', comment_validation: 'Sem orçamento este mês.' }) }],
        },
      },
    ],
    check: ({ db }) => {
      const p: string[] = [];
      const row = db.get("SELECT * FROM glpi_ticketvalidations WHERE tickets_id = 3 AND itemtype_target = 'User' AND items_id_target = ?", user(db, 'maria.silva'));
      expect(p, 'status', row?.status, 4);
      return p;
    },
  },
  {
    id: 'X13',
    domain: 'ticket',
    goal: `What did the first followup of the ticket "${'Rede lenta no 3º andar'}" say?`,
    mistakes: 'the ticket by title; the answer is the oldest entry of a long timeline',
    session: 'ticket',
    steps: [{ tool: 'ticket_get', pages: 'all', args: { id: 'Rede lenta no 3º andar' } }],
    check: ({ replies }) => (replies.some((r) => JSON.stringify(r.body ?? {}).includes(FIXTURE_TIMELINE.followups[0])) ? [] : ['the first followup is not in the answers']),
  },
  // ------------------------------------------------------------------ Self-Service on the tickets it observes
  {
    id: 'S01',
    domain: 'ticket',
    goal: 'As joao.souza (Self-Service): which tickets am I following as an observer?',
    mistakes: '"mine" with "observing"',
    session: 'ticket',
    as: 'joao.souza',
    steps: [{ tool: 'ticket_search', args: { mine: 'observing' }, peer: { tool: 'whoami', args: {}, then: [{ tool: 'ticket_search', args: (prev) => ({ observer_id: Number(prev[prev.length - 1]?.body?.id) }) }] } }],
    check: ({ db, replies }) => {
      const p: string[] = [];
      const observed = db.all('SELECT t.id, t.entities_id FROM glpi_tickets t JOIN glpi_tickets_users a ON a.tickets_id = t.id AND a.type = 3 WHERE t.is_deleted = 0 AND a.users_id = ?', user(db, 'joao.souza'));
      // GLPI shows one's own tickets in the entities one works in only.
      const seen = entitiesOf(db, 'joao.souza');
      expectIds(p, replies[replies.length - 1], observed.filter((r) => seen.includes(r.entities_id)).map((r) => r.id));
      return p;
    },
  },
  {
    id: 'S02',
    domain: 'ticket',
    goal: `As joao.souza (Self-Service): show me the ticket "${FIXTURE_OBSERVED.name}" that I follow.`,
    mistakes: 'field "ticket", the title in lower case',
    session: 'ticket',
    as: 'joao.souza',
    steps: [{ tool: 'ticket_get', args: { ticket: FIXTURE_OBSERVED.name.toLowerCase() } }],
    check: ({ replies }) => {
      const p: string[] = [];
      expect(p, 'name', recordOf(replies[replies.length - 1]?.body)?.name, FIXTURE_OBSERVED.name);
      return p;
    },
  },
  {
    id: 'S03',
    domain: 'ticket',
    goal: `As joao.souza (Self-Service): tell the technicians on "${FIXTURE_OBSERVED.name}" (a ticket I follow) that the line is back.`,
    mistakes: 'field "ticket_id", the ticket by title',
    session: 'ticket',
    as: 'joao.souza',
    steps: [{ tool: 'ticket_add_entry', peer: { tool: 'ticket_add_followup' }, args: { ticket_id: FIXTURE_OBSERVED.name, content: 'A linha voltou depois do almoço.' } }],
    check: ({ db }) => {
      const row = db.get("SELECT f.users_id FROM glpi_itilfollowups f JOIN glpi_tickets t ON t.id = f.items_id AND f.itemtype = 'Ticket' WHERE t.name = ? AND f.content LIKE 'A linha voltou%'", FIXTURE_OBSERVED.name);
      if (!row) return ['followup not added'];
      const p: string[] = [];
      expect(p, 'author', row.users_id, user(db, 'joao.souza'));
      return p;
    },
  },
  // ------------------------------------------------------------------ several actors, my queue, counts
  {
    id: 'T25',
    domain: 'ticket',
    goal: 'On ticket #4, add normal and João (joao.souza) as observers and take tech off its assignees.',
    mistakes: 'a first name in a list, a technician by full name',
    session: 'ticket',
    hints: { joao: 'joao.souza' },
    steps: [
      {
        tool: 'ticket_update',
        args: { id: 4, add_observers: ['normal', 'joao'], remove_assignees: ['Tech Support'] },
        peer: {
          over: ['add_observers', 'remove_assignees'],
          tool: 'ticket_update',
          args: { id: 4, observer_id: 'normal' },
          then: [
            { tool: 'ticket_update', args: { id: 4, observer_id: 'joao' } },
            { tool: 'ticket_remove_assignee', args: { id: 4, users_id: 'Tech Support' } },
          ],
        },
      },
    ],
    check: ({ db }) => {
      const p: string[] = [];
      const observers = actors(db, 4, 3);
      for (const login of ['normal', 'joao.souza']) if (!observers.includes(user(db, login)!)) p.push(`observers ${JSON.stringify(observers)} lack ${login}`);
      if (actors(db, 4, 2).includes(user(db, 'tech')!)) p.push('tech still assigned');
      if (groupActors(db, 4, 2).length === 0) p.push('assigned group lost');
      return p;
    },
  },
  {
    id: 'T26',
    domain: 'ticket',
    goal: 'Open "Wi-Fi instável na sala de reuniões" assigned to tech and to the Service Desk group.',
    mistakes: 'field "assigned_to" with a login and a group name in lower case',
    session: 'ticket',
    steps: [
      {
        tool: 'ticket_create',
        args: { name: 'Wi-Fi instável na sala de reuniões', assigned_to: ['tech', 'service desk'] },
        // The same misnamed field in the peer's form: assigned_to where assignee_id goes.
        peer: { over: ['assignees'], tool: 'ticket_create', args: { name: 'Wi-Fi instável na sala de reuniões', assigned_to: 'tech', assignee_group_id: 'service desk' } },
      },
    ],
    check: ({ db }) => {
      const p: string[] = [];
      const row = ticket(db, 'Wi-Fi instável na sala de reuniões');
      if (!row) return ['ticket not created'];
      expect(p, 'assignees', JSON.stringify(actors(db, row.id, 2)), JSON.stringify([user(db, 'tech')]));
      expect(p, 'assigned groups', JSON.stringify(groupActors(db, row.id, 2)), JSON.stringify([group(db, 'Service Desk')]));
      return p;
    },
  },
  {
    id: 'T27',
    domain: 'ticket',
    goal: 'As tech: list the tickets assigned to me or to my groups.',
    mistakes: '"mine" with "assigned"',
    session: 'ticket',
    as: 'tech',
    steps: [
      {
        tool: 'ticket_search',
        args: { mine: 'assigned' },
        peer: {
          tool: 'whoami',
          args: {},
          then: [
            { tool: 'ticket_search', args: (prev) => ({ assignee_id: Number(prev[prev.length - 1]?.body?.id) }) },
            { tool: 'ticket_search', args: (prev) => ({ assignee_group_id: Number(prev[prev.length - 2]?.body?.groups_id?.[0]) }) },
            { tool: 'ticket_search', args: (prev) => ({ assignee_group_id: Number(prev[prev.length - 3]?.body?.groups_id?.[1]) }) },
          ],
        },
      },
    ],
    check: ({ db, replies }) => {
      const p: string[] = [];
      const tech = user(db, 'tech');
      const want = db
        .all(
          `SELECT t.id FROM glpi_tickets t WHERE t.is_deleted = 0 AND (EXISTS (SELECT 1 FROM glpi_tickets_users a WHERE a.tickets_id = t.id AND a.type = 2 AND a.users_id = ?)
             OR EXISTS (SELECT 1 FROM glpi_groups_tickets g JOIN glpi_groups_users m ON m.groups_id = g.groups_id WHERE g.tickets_id = t.id AND g.type = 2 AND m.users_id = ?))`,
          tech,
          tech,
        )
        .map((r) => r.id);
      expectIds(p, { ok: true, text: '', body: { items: allIds(replies).map((id) => ({ id })) } }, want);
      return p;
    },
  },
  {
    id: 'T28',
    domain: 'ticket',
    goal: 'How many tickets were opened each month (in my time zone)?',
    mistakes: 'group_by "opening month"',
    session: 'ticket',
    steps: [{ tool: 'ticket_search', args: { group_by: 'opening month' }, peer: { tool: 'ticket_stats' } }],
    check: ({ db, replies, zone }) => {
      const p: string[] = [];
      const want = new Map<string, number>();
      for (const r of db.all('SELECT date FROM glpi_tickets WHERE is_deleted = 0')) {
        const month = (wallOf(fromDb(r.date), zone) ?? '').slice(0, 7);
        want.set(month, (want.get(month) ?? 0) + 1);
      }
      const groups = (countsOf(replies[replies.length - 1])?.groups ?? []) as Row[];
      const got = new Map(groups.map((g) => [String(groupKey(g, 'month')), Number(g.count)]));
      for (const [month, n] of want) expect(p, `month ${month}`, got.get(month), n);
      if (got.size !== want.size) p.push(`months: got ${JSON.stringify([...got.keys()])}, want ${JSON.stringify([...want.keys()])}`);
      return p;
    },
  },
  {
    id: 'T29',
    domain: 'ticket',
    goal: 'What are the mean and the median time to solve our tickets?',
    mistakes: 'group_by "solved"',
    session: 'ticket',
    steps: [
      {
        tool: 'ticket_search',
        args: { group_by: 'solved' },
        // Peers count, and some average; none gives a median, so a model lists the solved and closed tickets and computes it.
        peer: { tool: 'ticket_search', args: { status: 'Solucionado' }, then: [{ tool: 'ticket_search', args: { status: 'Fechado' } }] },
      },
    ],
    check: ({ db, replies }) => {
      const solved = db.all('SELECT id, date, solvedate FROM glpi_tickets WHERE is_deleted = 0 AND solvedate IS NOT NULL AND status IN (5, 6)');
      const hours = solved.map((r) => (fromDb(r.solvedate)!.getTime() - fromDb(r.date)!.getTime()) / 3_600_000);
      if (hours.length === 0) return ['no solved ticket (bad fixture)'];
      const mean = hours.reduce((a, b) => a + b, 0) / hours.length;
      const close = (got: unknown, want: number) => typeof got === 'number' && Math.abs(got - want) <= 0.05;
      const figures = replies.map(countsOf).find((c) => c && 'median_hours_to_solve' in c);
      if (figures) return close(figures.mean_hours_to_solve, mean) && close(figures.median_hours_to_solve, median(hours)) ? [] : [`mean/median: got ${figures.mean_hours_to_solve}/${figures.median_hours_to_solve}, want ${mean.toFixed(2)}/${median(hours).toFixed(2)}`];
      // Without figures, the answers must hold every solved ticket with both dates, for the model to compute them.
      const listed = new Map(replies.flatMap((r) => itemsOf(r.body)).map((i) => [Number(scalar(i.id)), i]));
      const missing = solved.filter((r) => !listed.get(r.id)?.date || !listed.get(r.id)?.solvedate).map((r) => r.id);
      return missing.length ? [`solved tickets missing from the answers (with their dates): ${JSON.stringify(missing)}`] : [];
    },
  },
  {
    id: 'T30',
    domain: 'ticket',
    goal: 'How many tickets are past their deadline, per priority?',
    mistakes: 'overdue as "sim", group_by "prioridade"',
    session: 'ticket',
    steps: [{ tool: 'ticket_search', args: { overdue: 'sim', group_by: 'prioridade' }, peer: { tool: 'ticket_stats' } }],
    check: ({ db, replies }) => {
      const p: string[] = [];
      const now = new Date().toISOString().replace('T', ' ').slice(0, 19);
      const want = db.all(
        'SELECT priority, COUNT(*) AS n FROM glpi_tickets WHERE is_deleted = 0 AND time_to_resolve IS NOT NULL AND ((status < 5 AND time_to_resolve < ?) OR (status >= 5 AND solvedate > time_to_resolve)) GROUP BY priority',
        now,
      );
      if (want.length === 0) p.push('no overdue ticket (bad fixture)');
      const groups = (countsOf(replies[replies.length - 1])?.groups ?? []) as Row[];
      for (const r of want) expect(p, `priority ${r.priority}`, groups.find((g) => Number(groupKey(g, 'priority')) === r.priority)?.count, r.n);
      const total = groups.reduce((n, g) => n + Number(g.count), 0);
      expect(p, 'total', total, want.reduce((n, r) => n + Number(r.n), 0));
      return p;
    },
  },
  // ------------------------------------------------------------------ approvals by a group, deadlines read, counts by category
  {
    id: 'X14',
    domain: 'ticket',
    goal: 'Ask the Infraestrutura group to approve ticket #4: "Compra de um switch novo?"',
    mistakes: 'field "approver_group", the group in lower case',
    session: 'ticket',
    steps: [
      {
        tool: 'ticket_validation',
        args: { id: 4, approver_group: 'infraestrutura', comment: 'Compra de um switch novo?' },
        // A peer's request takes a user or a group id: the same misnamed field, and the group's name where its id goes.
        peer: { tool: 'ticket_request_validation', args: { id: 4, approver_group: 'infraestrutura', comment_submission: 'Compra de um switch novo?' } },
      },
    ],
    check: ({ db }) => {
      const p: string[] = [];
      const row = db.get("SELECT * FROM glpi_ticketvalidations WHERE tickets_id = 4 AND itemtype_target = 'Group' AND items_id_target = ?", group(db, 'Infraestrutura'));
      if (!row) return ['validation not requested of the group'];
      expect(p, 'status', row.status, 2);
      return p;
    },
  },
  {
    id: 'X15',
    domain: 'ticket',
    goal: 'As tech (in Infraestrutura): approve the request addressed to your group on ticket #4: "Pode comprar."',
    mistakes: 'the answer in Portuguese ("aprovado"), no validation id',
    session: 'ticket',
    as: 'tech',
    steps: [
      {
        tool: 'ticket_validation',
        args: { id: 4, answer: 'aprovado', comment: 'Pode comprar.' },
        peer: {
          tool: 'ticket_validation_list',
          args: { id: 4 },
          then: [{ tool: 'ticket_answer_validation', args: (prev) => ({ id: pendingValidation(prev[prev.length - 1]) ?? 4, status: 'aprovado', comment_validation: 'Pode comprar.' }) }],
        },
      },
    ],
    check: ({ db }) => {
      const p: string[] = [];
      const row = db.get("SELECT * FROM glpi_ticketvalidations WHERE tickets_id = 4 AND itemtype_target = 'Group' AND items_id_target = ?", group(db, 'Infraestrutura'));
      expect(p, 'status', row?.status, 3);
      expect(p, 'answered by', row?.users_id_validate, user(db, 'tech'));
      return p;
    },
  },
  {
    id: 'T31',
    domain: 'ticket',
    goal: 'How much time is left before the deadline of "Impressora da Filial Porto sem toner"?',
    mistakes: 'the ticket by its title, in lower case',
    session: 'ticket',
    steps: [{ tool: 'ticket_get', args: { id: 'impressora da filial porto sem toner' } }],
    check: ({ db, replies }) => {
      // The deadline itself is enough for a model to say how long is left; intentdesk also says it (time_to_resolve_remaining).
      const row = ticket(db, 'Impressora da Filial Porto sem toner');
      if (!row?.time_to_resolve) return ['no deadline (bad fixture)'];
      const shown = recordOf(replies[replies.length - 1]?.body)?.time_to_resolve;
      const instant = typeof shown === 'string' && /(Z|[+-]\d{2}:\d{2})$/.test(shown) ? new Date(shown) : fromDb(shown);
      const p: string[] = [];
      expect(p, 'deadline shown', instant?.toISOString(), fromDb(row.time_to_resolve)?.toISOString());
      return p;
    },
  },
  {
    id: 'T32',
    domain: 'ticket',
    goal: 'How many incidents are there per category?',
    mistakes: 'type "Incidente", group_by "category"',
    session: 'ticket',
    steps: [{ tool: 'ticket_search', args: { type: 'Incidente', group_by: 'category' }, peer: { tool: 'ticket_stats' } }],
    check: ({ db, replies }) => {
      const p: string[] = [];
      const want = db.all('SELECT itilcategories_id AS c, COUNT(*) AS n FROM glpi_tickets WHERE is_deleted = 0 AND type = 1 GROUP BY itilcategories_id');
      if (want.length < 2) p.push('fewer than two categories (bad fixture)');
      const groups = (countsOf(replies[replies.length - 1])?.groups ?? []) as Row[];
      const keyOf = (g: Row) => {
        const k = groupKey(g, 'category') ?? groupKey(g, 'itilcategories_id');
        return k === null || k === undefined ? null : Number(k);
      };
      for (const r of want) expect(p, `category ${r.c}`, groups.find((g) => keyOf(g) === (r.c === null ? null : Number(r.c)))?.count, r.n);
      expect(p, 'total', groups.reduce((n, g) => n + Number(g.count), 0), want.reduce((n, r) => n + Number(r.n), 0));
      return p;
    },
  },
];

/** Extra demo data both servers start from: a second "Maria Silva" so that the full name is ambiguous. */
export const FIXTURE_USER = { name: 'msilva', firstname: 'Maria', realname: 'Silva', email: 'msilva@example.com', entity: 'Filial Porto', profile: 'Self-Service' };

/** And two projects of one name, one in each branch, told apart by code and entity. */
export const FIXTURE_PROJECTS = [
  { name: 'Inventário de ativos', code: 'INV-SEDE', entity: 'Sede' },
  { name: 'Inventário de ativos', code: 'INV-PORTO', entity: 'Filial Porto' },
];

