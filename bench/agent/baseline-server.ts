/**
 * The baseline: an MCP server over the same GLPI tables and with the same tool names and domains
 * as intentdesk, built the way such servers commonly are, with the usual anti-patterns of tools
 * written for people rather than models:
 *
 * - reference fields take integer ids only (no name resolution), enums take numeric codes only;
 * - dates take ISO 8601 only (`YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SS[offset]`);
 * - validation stops at the first problem and says at best which field ("Invalid input: urgency");
 *   failures past validation are generic ("Error creating ticket");
 * - a write answers `{ id, message }`: no `applied`, no `resolved`;
 * - no did_you_mean, no next_call; a call in a session of another domain gets "Wrong domain".
 *
 * To stay usable it offers list tools for reference data (project_state_list, itil_category_list,
 * location_list, group_list, entity_list, profile_list) and user_search by text, and its reads are
 * not domain-locked. Streamable HTTP, stateless, JSON responses.
 *
 * Run alone: node baseline-server.js --db <sqlite file> [--port 3901]
 */
import Database from 'better-sqlite3';
import express from 'express';
import { randomBytes } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { isZone, toDb, wallToInstant } from './zone.js';

type Domain = 'project' | 'ticket' | 'user';
type Args = Record<string, any>;
type Row = Record<string, any>;

interface Prop {
  type: 'integer' | 'string' | 'boolean';
  description: string;
  format?: 'date-time' | 'email';
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  pattern?: string;
}

interface Schema {
  type: 'object';
  properties: Record<string, Prop>;
  required: string[];
  additionalProperties: false;
}

interface BaselineTool {
  name: string;
  description: string;
  domain: Domain | null;
  write: boolean;
  inputSchema: Schema;
  run(args: Args): unknown;
}

class Fail extends Error {}

const ISO = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

const int = (description: string, extra: Partial<Prop> = {}): Prop => ({ type: 'integer', description, ...extra });
const str = (description: string, extra: Partial<Prop> = {}): Prop => ({ type: 'string', description, ...extra });
const bool = (description: string): Prop => ({ type: 'boolean', description });
const date = (description: string): Prop => ({ type: 'string', format: 'date-time', description: `${description} (ISO 8601, e.g. 2026-06-01T09:00:00)` });
const SCALE = '1=Very low, 2=Low, 3=Medium, 4=High, 5=Very high';

function schema(properties: Record<string, Prop>, required: string[] = []): Schema {
  return { type: 'object', properties, required, additionalProperties: false };
}

function domainProps(domain: Domain): Record<string, Prop> {
  return { session_id: str('Session id from domain_switch'), domain: str(`Always "${domain}"`, { enum: [domain] }) };
}

function matchKey(value: string): string {
  return value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

function fits(prop: Prop, value: unknown): boolean {
  if (prop.type === 'integer') {
    if (!Number.isInteger(value)) return false;
    const n = value as number;
    if (prop.minimum !== undefined && n < prop.minimum) return false;
    if (prop.maximum !== undefined && n > prop.maximum) return false;
    return !prop.enum || prop.enum.includes(n);
  }
  if (prop.type === 'boolean') return typeof value === 'boolean';
  if (typeof value !== 'string') return false;
  if (prop.enum && !prop.enum.includes(value)) return false;
  if (prop.format === 'date-time' && !ISO.test(value)) return false;
  if (prop.format === 'email' && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value)) return false;
  if (prop.pattern && !new RegExp(prop.pattern).test(value)) return false;
  return value.length <= 65000;
}

/** The first problem only, naming the field at best. */
function firstProblem(s: Schema, args: Args): string | undefined {
  for (const key of Object.keys(args)) if (!(key in s.properties)) return key;
  for (const key of s.required) if (args[key] === undefined || args[key] === null || args[key] === '') return key;
  for (const [key, prop] of Object.entries(s.properties)) {
    if (args[key] !== undefined && !fits(prop, args[key])) return key;
  }
  return undefined;
}

export interface BaselineOptions {
  dbPath: string;
  port?: number;
  host?: string;
  /** Login the calls act as when they carry no bearer token (a token names the login, as GLPI's user_token names a user). */
  login?: string;
}

export interface BaselineHandle {
  url: string;
  close(): Promise<void>;
}

/** Builds the baseline's tools over an open database. */
export function baselineTools(db: Database.Database, login = 'glpi'): BaselineTool[] {
  const me = db.prepare('SELECT id, name, entities_id, profiles_id, timezone FROM glpi_users WHERE name = ?').get(login) as Row | undefined;
  if (!me) throw new Error(`baseline: user ${login} not found`);
  // A helpdesk profile (GLPI's Self-Service) sees the tickets it requests or observes, as GLPI's API does.
  const rights = JSON.parse(String((db.prepare('SELECT rights FROM glpi_profiles WHERE id = ?').get(me.profiles_id) as Row | undefined)?.rights ?? '{}')) as { ticket_scope?: string };
  // GLPI's API also keeps every caller to the entities of its profile assignments (with sub-entities where recursive).
  const myEntities = `WITH RECURSIVE seen(id) AS (SELECT entities_id FROM glpi_profiles_users WHERE users_id = ${Number(me.id)}
    UNION SELECT e.id FROM glpi_entities e JOIN seen ON e.entities_id = seen.id WHERE EXISTS (SELECT 1 FROM glpi_profiles_users r WHERE r.users_id = ${Number(me.id)} AND r.is_recursive = 1)) SELECT id FROM seen`;
  const OWN =
    rights.ticket_scope === 'own'
      ? `EXISTS (SELECT 1 FROM glpi_tickets_users o WHERE o.tickets_id = t.id AND o.type IN (1, 3) AND o.users_id = ${Number(me.id)}) AND t.entities_id IN (${myEntities})`
      : '';
  const zone = isZone(me.timezone) ? (me.timezone as string) : 'UTC';
  const sessions = new Map<string, Domain>();
  const now = () => toDb(new Date());

  const toInstant = (value: string): string => {
    const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(value)!;
    if (/(Z|[+-]\d{2}:?\d{2})$/.test(value)) return toDb(new Date(value));
    return toDb(wallToInstant(+m[1], +m[2], +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0), zone));
  };
  const exists = (table: string, id: unknown, extra = ''): boolean =>
    id === undefined || !!db.prepare(`SELECT 1 FROM ${table} WHERE id = ? ${extra}`).get(id);

  const refs: Record<string, string> = {
    projectstates_id: 'glpi_projectstates',
    users_id: 'glpi_users',
    groups_id: 'glpi_groups',
    entities_id: 'glpi_entities',
    projects_id: 'glpi_projects',
    itilcategories_id: 'glpi_itilcategories',
    locations_id: 'glpi_locations',
    requester_id: 'glpi_users',
    assignee_id: 'glpi_users',
    assignee_group_id: 'glpi_groups',
    profiles_id: 'glpi_profiles',
  };
  const checkRefs = (args: Args, failure: string) => {
    for (const [key, table] of Object.entries(refs)) if (key in args && !exists(table, args[key])) throw new Fail(failure);
  };
  const dates = (args: Args, keys: string[]) => {
    const out: Args = {};
    for (const k of keys) if (typeof args[k] === 'string') out[k] = toInstant(args[k]);
    return out;
  };
  const pick = (args: Args, keys: readonly string[]) => Object.fromEntries(keys.filter((k) => args[k] !== undefined).map((k) => [k, args[k]]));
  const update = (table: string, id: number, values: Args) => {
    const keys = Object.keys(values);
    if (keys.length === 0) return;
    db.prepare(`UPDATE ${table} SET ${keys.map((k) => `${k} = @${k}`).join(', ')} WHERE id = @__id`).run({ ...values, __id: id });
  };
  const insert = (table: string, values: Args): number => {
    const keys = Object.keys(values);
    return Number(db.prepare(`INSERT INTO ${table} (${keys.join(', ')}) VALUES (${keys.map((k) => `@${k}`).join(', ')})`).run(values).lastInsertRowid);
  };
  const ok = (id: number, message: string) => ({ id, message });
  const limitOf = (args: Args) => Math.min(Number(args.limit ?? 20), 100);

  // ----- projects
  const PROJECT_COLUMNS = ['name', 'code', 'content', 'comment', 'projectstates_id', 'priority', 'users_id', 'groups_id', 'entities_id', 'projects_id', 'percent_done'] as const;
  const PROJECT_DATES = ['plan_start_date', 'plan_end_date', 'real_start_date', 'real_end_date'];
  const projectFields = (): Record<string, Prop> => ({
    name: str('Project name'),
    code: str('Project code'),
    content: str('Description'),
    comment: str('Comment'),
    projectstates_id: int('Project state ID'),
    priority: int(`Priority: ${SCALE}, 6=Major`, { minimum: 1, maximum: 6 }),
    users_id: int('Manager (user ID)'),
    groups_id: int('Manager group ID'),
    entities_id: int('Entity ID'),
    projects_id: int('Parent project ID'),
    plan_start_date: date('Planned start date'),
    plan_end_date: date('Planned end date'),
    real_start_date: date('Real start date'),
    real_end_date: date('Real end date'),
    percent_done: int('Percent done', { minimum: 0, maximum: 100 }),
  });
  const liveProject = (id: number) => db.prepare('SELECT * FROM glpi_projects WHERE id = ? AND is_deleted = 0').get(id) as Row | undefined;

  // ----- tickets
  const TICKET_COLUMNS = ['name', 'content', 'type', 'status', 'urgency', 'impact', 'priority', 'itilcategories_id', 'locations_id', 'entities_id'] as const;
  const TICKET_DATES = ['date', 'time_to_resolve'];
  const ticketFields = (): Record<string, Prop> => ({
    name: str('Ticket title'),
    content: str('Ticket description'),
    type: int('Type: 1=Incident, 2=Request', { enum: [1, 2] }),
    status: int('Status: 1=New, 2=Processing (assigned), 3=Processing (planned), 4=Pending, 5=Solved, 6=Closed', { minimum: 1, maximum: 6 }),
    urgency: int(`Urgency: ${SCALE}`, { minimum: 1, maximum: 5 }),
    impact: int(`Impact: ${SCALE}`, { minimum: 1, maximum: 5 }),
    priority: int(`Priority: ${SCALE}, 6=Major`, { minimum: 1, maximum: 6 }),
    itilcategories_id: int('ITIL category ID'),
    locations_id: int('Location ID'),
    entities_id: int('Entity ID'),
    requester_id: int('Requester (user ID)'),
    assignee_id: int('Assigned technician (user ID)'),
    assignee_group_id: int('Assigned group ID'),
    date: date('Opening date'),
    time_to_resolve: date('Resolution deadline'),
  });
  const liveTicket = (id: number) => db.prepare(`SELECT * FROM glpi_tickets t WHERE id = ? AND is_deleted = 0${OWN ? ` AND ${OWN}` : ''}`).get(id) as Row | undefined;
  const setActor = (ticket: number, user: number | undefined, type: number) => {
    if (user === undefined) return;
    db.prepare('DELETE FROM glpi_tickets_users WHERE tickets_id = ? AND type = ?').run(ticket, type);
    insert('glpi_tickets_users', { tickets_id: ticket, users_id: user, type });
  };
  const setGroup = (ticket: number, group: number | undefined) => {
    if (group === undefined) return;
    db.prepare('DELETE FROM glpi_groups_tickets WHERE tickets_id = ? AND type = 2').run(ticket);
    insert('glpi_groups_tickets', { tickets_id: ticket, groups_id: group, type: 2 });
  };
  /** The filters ticket_search and ticket_stats share (ids and codes only). */
  const ticketFilters = (): Record<string, Prop> => ({
    ...domainProps('ticket'),
    query: str('Text in title or description'),
    status: ticketFields().status,
    type: ticketFields().type,
    urgency: ticketFields().urgency,
    priority: ticketFields().priority,
    itilcategories_id: int('ITIL category ID'),
    locations_id: int('Location ID'),
    requester_id: int('Requester (user ID)'),
    assignee_id: int('Assigned technician (user ID)'),
    assignee_group_id: int('Assigned group ID'),
    observer_id: int('Observer (user ID)'),
    overdue: bool('Past the resolution deadline'),
  });
  const ticketWhere = (a: Args): { where: string; p: Args } => {
    const where = ['t.is_deleted = 0', ...(OWN ? [OWN] : [])];
    const p: Args = {};
    if (a.query) (where.push('(t.name LIKE @q OR t.content LIKE @q)'), (p.q = `%${a.query}%`));
    if (a.assignee_group_id !== undefined) (where.push('EXISTS (SELECT 1 FROM glpi_groups_tickets x WHERE x.tickets_id = t.id AND x.type = 2 AND x.groups_id = @ag)'), (p.ag = a.assignee_group_id));
    for (const k of ['status', 'type', 'urgency', 'priority', 'itilcategories_id', 'locations_id']) if (a[k] !== undefined) (where.push(`t.${k} = @${k}`), (p[k] = a[k]));
    if (a.requester_id !== undefined) (where.push('EXISTS (SELECT 1 FROM glpi_tickets_users x WHERE x.tickets_id = t.id AND x.type = 1 AND x.users_id = @rq)'), (p.rq = a.requester_id));
    if (a.assignee_id !== undefined) (where.push('EXISTS (SELECT 1 FROM glpi_tickets_users x WHERE x.tickets_id = t.id AND x.type = 2 AND x.users_id = @as)'), (p.as = a.assignee_id));
    if (a.observer_id !== undefined) (where.push('EXISTS (SELECT 1 FROM glpi_tickets_users x WHERE x.tickets_id = t.id AND x.type = 3 AND x.users_id = @ob)'), (p.ob = a.observer_id));
    if (a.overdue !== undefined) {
      const late = '(t.time_to_resolve IS NOT NULL AND ((t.status < 5 AND t.time_to_resolve < @now) OR (t.status >= 5 AND t.solvedate > t.time_to_resolve)))';
      where.push(a.overdue ? late : `NOT ${late}`);
      p.now = now();
    }
    return { where: where.join(' AND '), p };
  };
  const ticketView = (t: Row): Row => {
    const actor = (type: number) => (db.prepare('SELECT users_id FROM glpi_tickets_users WHERE tickets_id = ? AND type = ?').get(t.id, type) as Row | undefined)?.users_id ?? null;
    const group = (db.prepare('SELECT groups_id FROM glpi_groups_tickets WHERE tickets_id = ? AND type = 2').get(t.id) as Row | undefined)?.groups_id ?? null;
    const { is_deleted: _d, users_id_recipient: _r, users_id_lastupdater: _l, ...rest } = t;
    return { ...rest, requester_id: actor(1), assignee_id: actor(2), assignee_group_id: group };
  };

  // ----- users
  const USER_COLUMNS = ['name', 'realname', 'firstname', 'email', 'phone', 'timezone', 'language', 'is_active'] as const;
  const userFields = (): Record<string, Prop> => ({
    name: str('Login'),
    realname: str('Last name'),
    firstname: str('First name'),
    email: str('Email', { format: 'email' }),
    phone: str('Phone'),
    profiles_id: int('Profile ID'),
    entities_id: int('Entity ID'),
    groups_id: int('Group ID'),
    timezone: str('Time zone (IANA, e.g. America/Sao_Paulo)'),
    language: str('Language code, e.g. pt_BR', { pattern: '^[a-z]{2}_[A-Z]{2}$' }),
    is_active: bool('Active'),
  });
  const userView = (u: Row): Row => {
    const { name_key: _n, fullname_key: _f, email_key: _e, is_deleted: _d, ...rest } = u;
    return rest;
  };
  const userKeys = (values: Args, current: Row = {}): Args => {
    const merged = { ...current, ...values };
    const out: Args = {};
    if (values.name !== undefined) out.name_key = matchKey(values.name);
    if (values.email !== undefined) out.email_key = matchKey(values.email);
    if (values.firstname !== undefined || values.realname !== undefined) out.fullname_key = matchKey(`${merged.firstname ?? ''} ${merged.realname ?? ''}`);
    return out;
  };

  const tools: BaselineTool[] = [
    {
      name: 'domain_switch',
      description: 'Open a session for a domain (project, ticket, user) or move a session to another domain. Returns session_id.',
      domain: null,
      write: false,
      inputSchema: schema({ domain: str('project, ticket or user', { enum: ['project', 'ticket', 'user'] }), session_id: str('Existing session id (optional)'), reason: str('Reason (optional)') }, ['domain']),
      run: (a) => {
        const id = a.session_id && sessions.has(a.session_id) ? (a.session_id as string) : `bs_${randomBytes(9).toString('base64url')}`;
        sessions.set(id, a.domain);
        return { session_id: id, domain: a.domain };
      },
    },
    {
      name: 'session_status',
      description: 'Show the domain of a session.',
      domain: null,
      write: false,
      inputSchema: schema({ session_id: str('Session id') }, ['session_id']),
      run: (a) => {
        if (!sessions.has(a.session_id)) throw new Fail('Invalid session');
        return { session_id: a.session_id, domain: sessions.get(a.session_id) };
      },
    },
    // ------------------------------------------------------------------ reference lists
    ...(
      [
        ['project_state_list', 'List project states.', 'SELECT id, name FROM glpi_projectstates ORDER BY id'],
        ['itil_category_list', 'List ITIL categories.', 'SELECT id, name, completename FROM glpi_itilcategories ORDER BY id'],
        ['location_list', 'List locations.', 'SELECT id, name, completename FROM glpi_locations ORDER BY id'],
        ['group_list', 'List groups.', 'SELECT id, name FROM glpi_groups ORDER BY id'],
        ['entity_list', 'List entities.', 'SELECT id, name, completename FROM glpi_entities ORDER BY id'],
        ['profile_list', 'List profiles.', 'SELECT id, name FROM glpi_profiles ORDER BY id'],
      ] as const
    ).map(([name, description, sql]): BaselineTool => ({
      name,
      description,
      domain: null,
      write: false,
      inputSchema: schema({ session_id: str('Session id (optional)') }),
      run: () => {
        const items = db.prepare(sql).all();
        return { items, total: items.length };
      },
    })),
    // ------------------------------------------------------------------ projects
    {
      name: 'project_search',
      description: 'Search projects.',
      domain: 'project',
      write: false,
      inputSchema: schema({ ...domainProps('project'), query: str('Text in the name'), projectstates_id: int('Project state ID'), users_id: int('Manager (user ID)'), entities_id: int('Entity ID'), limit: int('Max rows', { minimum: 1, maximum: 100 }) }, ['session_id', 'domain']),
      run: (a) => {
        const where = ['is_deleted = 0'];
        const p: Args = {};
        if (a.query) (where.push('name LIKE @q'), (p.q = `%${a.query}%`));
        for (const k of ['projectstates_id', 'users_id', 'entities_id']) if (a[k] !== undefined) (where.push(`${k} = @${k}`), (p[k] = a[k]));
        const items = db.prepare(`SELECT id, name, code, projectstates_id, priority, users_id, groups_id, entities_id, projects_id, plan_start_date, plan_end_date, percent_done FROM glpi_projects WHERE ${where.join(' AND ')} ORDER BY id LIMIT ${limitOf(a)}`).all(p);
        return { items, total: items.length };
      },
    },
    {
      name: 'project_get',
      description: 'Get a project by ID.',
      domain: 'project',
      write: false,
      inputSchema: schema({ ...domainProps('project'), id: int('Project ID') }, ['session_id', 'domain', 'id']),
      run: (a) => {
        const row = liveProject(a.id);
        if (!row) throw new Fail('Not found');
        return row;
      },
    },
    {
      name: 'project_create',
      description: 'Create a project.',
      domain: 'project',
      write: true,
      inputSchema: schema({ ...domainProps('project'), ...projectFields() }, ['session_id', 'domain', 'name']),
      run: (a) => {
        checkRefs(a, 'Error creating project');
        const at = now();
        const id = insert('glpi_projects', {
          entities_id: me.entities_id,
          priority: 3,
          percent_done: 0,
          ...pick(a, PROJECT_COLUMNS),
          ...dates(a, PROJECT_DATES),
          name_key: matchKey(a.name),
          is_deleted: 0,
          date_creation: at,
          date_mod: at,
        });
        return ok(id, 'Project created');
      },
    },
    {
      name: 'project_update',
      description: 'Update a project.',
      domain: 'project',
      write: true,
      inputSchema: schema({ ...domainProps('project'), id: int('Project ID'), ...projectFields() }, ['session_id', 'domain', 'id']),
      run: (a) => {
        if (!liveProject(a.id)) throw new Fail('Error updating project');
        checkRefs(a, 'Error updating project');
        update('glpi_projects', a.id, { ...pick(a, PROJECT_COLUMNS), ...dates(a, PROJECT_DATES), ...(a.name ? { name_key: matchKey(a.name) } : {}), date_mod: now() });
        return ok(a.id, 'Project updated');
      },
    },
    {
      name: 'project_delete',
      description: 'Delete a project.',
      domain: 'project',
      write: true,
      inputSchema: schema({ ...domainProps('project'), id: int('Project ID') }, ['session_id', 'domain', 'id']),
      run: (a) => {
        if (!liveProject(a.id)) throw new Fail('Error deleting project');
        update('glpi_projects', a.id, { is_deleted: 1, date_mod: now() });
        return ok(a.id, 'Project deleted');
      },
    },
    // ------------------------------------------------------------------ tickets
    {
      name: 'ticket_search',
      description: 'Search tickets.',
      domain: 'ticket',
      write: false,
      inputSchema: schema(
        {
          ...ticketFilters(),
          sort: str('Sort field', { enum: ['id', 'date', 'priority', 'urgency', 'status'] }),
          order: str('Sort order', { enum: ['ASC', 'DESC'] }),
          limit: int('Max rows', { minimum: 1, maximum: 100 }),
        },
        ['session_id', 'domain'],
      ),
      run: (a) => {
        const { where, p } = ticketWhere(a);
        const order = `${a.sort ? `t.${String(a.sort)} ${a.order === 'DESC' ? 'DESC' : 'ASC'}, ` : ''}t.id`;
        const items = (db.prepare(`SELECT t.* FROM glpi_tickets t WHERE ${where} ORDER BY ${order} LIMIT ${limitOf(a)}`).all(p) as Row[]).map(ticketView);
        return { items, total: items.length };
      },
    },
    {
      // Counts the way peers offer them: a tool of its own, the search's filters, one grouping field by name.
      name: 'ticket_stats',
      description: 'Count tickets, optionally grouped by a field.',
      domain: 'ticket',
      write: false,
      inputSchema: schema(
        { ...ticketFilters(), group_by: str('Group by (month: of the opening date)', { enum: ['status', 'type', 'urgency', 'priority', 'itilcategories_id', 'locations_id', 'month'] }) },
        ['session_id', 'domain'],
      ),
      run: (a) => {
        const { where, p } = ticketWhere(a);
        // GLPI's statistics: the average time to solve, in the database's time (UTC); no median.
        const solved = 't.solvedate IS NOT NULL AND t.status >= 5';
        const figures = `COUNT(*) AS n, SUM(CASE WHEN ${solved} THEN 1 ELSE 0 END) AS solved, AVG(CASE WHEN ${solved} THEN (julianday(t.solvedate) - julianday(t.date)) * 24 END) AS avg_h`;
        const view = (r: Row) => ({ count: Number(r.n), solved: Number(r.solved ?? 0), avg_solve_hours: r.avg_h === null ? null : Math.round(Number(r.avg_h) * 100) / 100 });
        const total = view(db.prepare(`SELECT ${figures} FROM glpi_tickets t WHERE ${where}`).get(p) as Row);
        if (!a.group_by) return total;
        const key = String(a.group_by);
        const column = key === 'month' ? "strftime('%Y-%m', t.date)" : `t.${key}`;
        const rows = db.prepare(`SELECT ${column} AS k, ${figures} FROM glpi_tickets t WHERE ${where} GROUP BY ${column} ORDER BY ${column}`).all(p) as Row[];
        return { ...total, groups: rows.map((r) => ({ [key]: key === 'month' ? r.k : { id: r.k }, ...view(r) })) };
      },
    },
    {
      name: 'ticket_get',
      description: 'Get a ticket by ID.',
      domain: 'ticket',
      write: false,
      inputSchema: schema({ ...domainProps('ticket'), id: int('Ticket ID') }, ['session_id', 'domain', 'id']),
      run: (a) => {
        const row = liveTicket(a.id);
        if (!row) throw new Fail('Not found');
        const followups = db.prepare("SELECT id, content, users_id, is_private, date FROM glpi_itilfollowups WHERE itemtype = 'Ticket' AND items_id = ? ORDER BY id").all(a.id);
        return { ...ticketView(row), followups };
      },
    },
    {
      name: 'ticket_create',
      description: 'Create a ticket.',
      domain: 'ticket',
      write: true,
      inputSchema: schema({ ...domainProps('ticket'), ...ticketFields() }, ['session_id', 'domain', 'name']),
      run: (a) => {
        checkRefs(a, 'Error creating ticket');
        const at = now();
        const id = insert('glpi_tickets', {
          entities_id: me.entities_id,
          type: 1,
          status: a.assignee_id !== undefined ? 2 : 1,
          urgency: 3,
          impact: 3,
          priority: 3,
          date: at,
          ...pick(a, TICKET_COLUMNS),
          ...dates(a, TICKET_DATES),
          users_id_recipient: me.id,
          users_id_lastupdater: me.id,
          is_deleted: 0,
          date_creation: at,
          date_mod: at,
        });
        setActor(id, a.requester_id ?? me.id, 1);
        setActor(id, a.assignee_id, 2);
        setGroup(id, a.assignee_group_id);
        return ok(id, 'Ticket created');
      },
    },
    {
      name: 'ticket_update',
      description: 'Update a ticket.',
      domain: 'ticket',
      write: true,
      inputSchema: schema(
        { ...domainProps('ticket'), id: int('Ticket ID'), ...ticketFields(), observer_id: int('Add an observer (user ID)'), observer_group_id: int('Add an observer group (group ID)') },
        ['session_id', 'domain', 'id'],
      ),
      run: (a) => {
        const before = liveTicket(a.id);
        if (!before) throw new Fail('Error updating ticket');
        // GLPI's rule, applied behind its API: reopening a solved ticket refuses the waiting solution.
        if (a.status !== undefined && a.status < 5 && before.status >= 5) {
          db.prepare("UPDATE glpi_itilsolutions SET status = 4 WHERE itemtype = 'Ticket' AND items_id = ? AND status = 2").run(a.id);
        }
        if (a.observer_id !== undefined) insert('glpi_tickets_users', { tickets_id: a.id, users_id: a.observer_id, type: 3 });
        if (a.observer_group_id !== undefined) insert('glpi_groups_tickets', { tickets_id: a.id, groups_id: a.observer_group_id, type: 3 });
        checkRefs(a, 'Error updating ticket');
        update('glpi_tickets', a.id, { ...pick(a, TICKET_COLUMNS), ...dates(a, TICKET_DATES), users_id_lastupdater: me.id, date_mod: now() });
        setActor(a.id, a.requester_id, 1);
        setActor(a.id, a.assignee_id, 2);
        setGroup(a.id, a.assignee_group_id);
        return ok(a.id, 'Ticket updated');
      },
    },
    {
      name: 'ticket_add_followup',
      description: 'Add a followup to a ticket.',
      domain: 'ticket',
      write: true,
      inputSchema: schema({ ...domainProps('ticket'), id: int('Ticket ID'), content: str('Followup text'), is_private: bool('Private followup') }, ['session_id', 'domain', 'id', 'content']),
      run: (a) => {
        if (!liveTicket(a.id)) throw new Fail('Error adding followup');
        const at = now();
        const id = insert('glpi_itilfollowups', { itemtype: 'Ticket', items_id: a.id, users_id: me.id, content: a.content, is_private: a.is_private ? 1 : 0, date: at, date_creation: at, date_mod: at });
        return ok(id, 'Followup added');
      },
    },
    // The timeline, approvals and links as peers add them: one tool per action, ids and codes only.
    {
      name: 'ticket_add_task',
      description: 'Add a task to a ticket.',
      domain: 'ticket',
      write: true,
      inputSchema: schema(
        {
          ...domainProps('ticket'),
          id: int('Ticket ID'),
          content: str('Task text'),
          actiontime: int('Duration in seconds', { minimum: 0 }),
          state: int('0 info, 1 todo, 2 done', { minimum: 0, maximum: 2 }),
          users_id_tech: int('Technician user ID'),
          is_private: bool('Private task'),
        },
        ['session_id', 'domain', 'id', 'content'],
      ),
      run: (a) => {
        if (!liveTicket(a.id) || !exists('glpi_users', a.users_id_tech)) throw new Fail('Error adding task');
        const at = now();
        const id = insert('glpi_tickettasks', {
          tickets_id: a.id,
          users_id: me.id,
          users_id_tech: a.users_id_tech ?? null,
          content: a.content,
          is_private: a.is_private ? 1 : 0,
          state: a.state ?? 1,
          actiontime: a.actiontime ?? 0,
          date: at,
          date_creation: at,
          date_mod: at,
        });
        return ok(id, 'Task added');
      },
    },
    {
      name: 'ticket_add_solution',
      description: 'Add a solution to a ticket.',
      domain: 'ticket',
      write: true,
      inputSchema: schema(
        { ...domainProps('ticket'), id: int('Ticket ID'), content: str('Solution text'), solutiontypes_id: int('Solution type ID') },
        ['session_id', 'domain', 'id', 'content'],
      ),
      run: (a) => {
        if (!liveTicket(a.id) || !exists('glpi_solutiontypes', a.solutiontypes_id)) throw new Fail('Error adding solution');
        const at = now();
        const id = insert('glpi_itilsolutions', {
          itemtype: 'Ticket',
          items_id: a.id,
          solutiontypes_id: a.solutiontypes_id ?? null,
          content: a.content,
          users_id: me.id,
          status: 2,
          date_creation: at,
          date_mod: at,
        });
        update('glpi_tickets', a.id, { status: 5, solvedate: at, date_mod: at });
        return ok(id, 'Solution added');
      },
    },
    {
      name: 'solution_type_list',
      description: 'List solution types.',
      domain: null,
      write: false,
      inputSchema: schema({}),
      run: () => ({ items: db.prepare('SELECT id, name FROM glpi_solutiontypes ORDER BY name').all() }),
    },
    {
      name: 'ticket_request_validation',
      description: 'Request a validation of a ticket.',
      domain: 'ticket',
      write: true,
      inputSchema: schema(
        {
          ...domainProps('ticket'),
          id: int('Ticket ID'),
          users_id_validate: int('Approver user ID'),
          groups_id_validate: int('Approver group ID (instead of a user)'),
          comment_submission: str('Comment'),
        },
        ['session_id', 'domain', 'id'],
      ),
      run: (a) => {
        const t = liveTicket(a.id);
        // One approver, a user or a group (GLPI's itemtype_target), as peers that expose both write it.
        const target = a.groups_id_validate !== undefined ? { itemtype: 'Group', table: 'glpi_groups', id: a.groups_id_validate } : { itemtype: 'User', table: 'glpi_users', id: a.users_id_validate };
        if (!t || target.id === undefined || !exists(target.table, target.id)) throw new Fail('Error requesting validation');
        const id = insert('glpi_ticketvalidations', {
          entities_id: t.entities_id,
          tickets_id: a.id,
          users_id: me.id,
          itemtype_target: target.itemtype,
          items_id_target: target.id,
          comment_submission: a.comment_submission ?? null,
          status: 2,
          submission_date: now(),
        });
        update('glpi_tickets', a.id, { global_validation: 2 });
        return ok(id, 'Validation requested');
      },
    },
    {
      name: 'ticket_validation_list',
      description: 'List the validations of a ticket.',
      domain: 'ticket',
      write: false,
      inputSchema: schema({ ...domainProps('ticket'), id: int('Ticket ID') }, ['session_id', 'domain', 'id']),
      run: (a) => ({ items: db.prepare('SELECT * FROM glpi_ticketvalidations WHERE tickets_id = ? ORDER BY id').all(a.id) }),
    },
    {
      name: 'ticket_answer_validation',
      description: 'Answer a validation.',
      domain: 'ticket',
      write: true,
      inputSchema: schema(
        { ...domainProps('ticket'), id: int('Validation ID'), status: int('3 accepted, 4 refused', { minimum: 3, maximum: 4 }), comment_validation: str('Comment') },
        ['session_id', 'domain', 'id', 'status'],
      ),
      run: (a) => {
        const v = db.prepare('SELECT * FROM glpi_ticketvalidations WHERE id = ?').get(a.id) as Row | undefined;
        const mine =
          v?.itemtype_target === 'Group' ? !!db.prepare('SELECT 1 FROM glpi_groups_users WHERE groups_id = ? AND users_id = ?').get(v.items_id_target, me.id) : v?.items_id_target === me.id;
        if (!v || v.status !== 2 || !mine) throw new Fail('Error answering validation');
        update('glpi_ticketvalidations', a.id, { status: a.status, comment_validation: a.comment_validation ?? null, users_id_validate: me.id, validation_date: now() });
        update('glpi_tickets', v.tickets_id, { global_validation: a.status });
        return ok(a.id, 'Validation answered');
      },
    },
    {
      name: 'ticket_link',
      description: 'Link two tickets.',
      domain: 'ticket',
      write: true,
      inputSchema: schema(
        { ...domainProps('ticket'), tickets_id_1: int('Ticket ID'), tickets_id_2: int('Other ticket ID'), link: int('1 linked, 2 duplicate, 3 son, 4 parent', { minimum: 1, maximum: 4 }) },
        ['session_id', 'domain', 'tickets_id_1', 'tickets_id_2', 'link'],
      ),
      run: (a) => {
        if (!liveTicket(a.tickets_id_1) || !liveTicket(a.tickets_id_2) || a.tickets_id_1 === a.tickets_id_2) throw new Fail('Error linking tickets');
        return ok(insert('glpi_tickets_tickets', { tickets_id_1: a.tickets_id_1, tickets_id_2: a.tickets_id_2, link: a.link }), 'Tickets linked');
      },
    },
    {
      name: 'project_task_create',
      description: 'Create a project task.',
      domain: 'project',
      write: true,
      inputSchema: schema(
        {
          ...domainProps('project'),
          projects_id: int('Project ID'),
          name: str('Task name'),
          percent_done: int('Percent done', { minimum: 0, maximum: 100 }),
          plan_start_date: date('Planned start'),
          plan_end_date: date('Planned end'),
        },
        ['session_id', 'domain', 'projects_id', 'name'],
      ),
      run: (a) => {
        const project = liveProject(a.projects_id);
        if (!project) throw new Fail('Error creating project task');
        const at = now();
        const id = insert('glpi_projecttasks', {
          name: a.name,
          name_key: matchKey(a.name),
          projects_id: a.projects_id,
          entities_id: project.entities_id,
          percent_done: a.percent_done ?? 0,
          ...dates(a, ['plan_start_date', 'plan_end_date']),
          users_id: me.id,
          date_creation: at,
          date_mod: at,
        });
        return ok(id, 'Project task created');
      },
    },
    {
      name: 'project_task_team_add',
      description: 'Add a user or a group to a project task team.',
      domain: 'project',
      write: true,
      inputSchema: schema({ ...domainProps('project'), projecttasks_id: int('Project task ID'), users_id: int('User ID'), groups_id: int('Group ID') }, ['session_id', 'domain', 'projecttasks_id']),
      run: (a) => {
        const [itemtype, table, item] = a.users_id !== undefined ? ['User', 'glpi_users', a.users_id] : ['Group', 'glpi_groups', a.groups_id];
        if (item === undefined || !exists('glpi_projecttasks', a.projecttasks_id) || !exists(table, item)) throw new Fail('Error adding team member');
        return ok(insert('glpi_projecttaskteams', { projecttasks_id: a.projecttasks_id, itemtype, items_id: item }), 'Member added');
      },
    },
    {
      name: 'project_task_search',
      description: 'Search project tasks.',
      domain: 'project',
      write: false,
      inputSchema: schema(
        { ...domainProps('project'), query: str('Text in the name'), projects_id: int('Project ID'), tickets_id: int('Linked ticket ID'), limit: int('Max rows', { minimum: 1, maximum: 100 }) },
        ['session_id', 'domain'],
      ),
      run: (a) => {
        const where = ['1 = 1'];
        const p: Args = {};
        if (a.query) (where.push('k.name LIKE @q'), (p.q = `%${a.query}%`));
        if (a.projects_id !== undefined) (where.push('k.projects_id = @pj'), (p.pj = a.projects_id));
        if (a.tickets_id !== undefined) (where.push('EXISTS (SELECT 1 FROM glpi_projecttasks_tickets x WHERE x.projecttasks_id = k.id AND x.tickets_id = @tk)'), (p.tk = a.tickets_id));
        const items = db.prepare(`SELECT k.id, k.name, k.projects_id, k.percent_done, k.plan_start_date, k.plan_end_date FROM glpi_projecttasks k WHERE ${where.join(' AND ')} ORDER BY k.id LIMIT ${limitOf(a)}`).all(p);
        return { items, total: items.length };
      },
    },
    {
      name: 'project_task_team_remove',
      description: 'Remove a user or a group from a project task team.',
      domain: 'project',
      write: true,
      inputSchema: schema({ ...domainProps('project'), projecttasks_id: int('Project task ID'), users_id: int('User ID'), groups_id: int('Group ID') }, ['session_id', 'domain', 'projecttasks_id']),
      run: (a) => {
        const [itemtype, item] = a.users_id !== undefined ? ['User', a.users_id] : ['Group', a.groups_id];
        const gone = db.prepare('DELETE FROM glpi_projecttaskteams WHERE projecttasks_id = ? AND itemtype = ? AND items_id = ?').run(a.projecttasks_id, itemtype, item ?? -1).changes;
        if (!gone) throw new Fail('Error removing team member');
        return ok(a.projecttasks_id, 'Member removed');
      },
    },
    {
      name: 'project_task_ticket_remove',
      description: 'Unlink a ticket from a project task.',
      domain: 'project',
      write: true,
      inputSchema: schema({ ...domainProps('project'), projecttasks_id: int('Project task ID'), tickets_id: int('Ticket ID') }, ['session_id', 'domain', 'projecttasks_id', 'tickets_id']),
      run: (a) => {
        const gone = db.prepare('DELETE FROM glpi_projecttasks_tickets WHERE projecttasks_id = ? AND tickets_id = ?').run(a.projecttasks_id, a.tickets_id).changes;
        if (!gone) throw new Fail('Error unlinking ticket');
        return ok(a.projecttasks_id, 'Ticket unlinked');
      },
    },
    {
      name: 'ticket_remove_assignee',
      description: 'Remove an assigned technician from a ticket.',
      domain: 'ticket',
      write: true,
      inputSchema: schema({ ...domainProps('ticket'), id: int('Ticket ID'), users_id: int('User ID') }, ['session_id', 'domain', 'id', 'users_id']),
      run: (a) => {
        if (!liveTicket(a.id)) throw new Fail('Error removing assignee');
        const gone = db.prepare('DELETE FROM glpi_tickets_users WHERE tickets_id = ? AND users_id = ? AND type = 2').run(a.id, a.users_id).changes;
        if (!gone) throw new Fail('Error removing assignee');
        return ok(a.id, 'Assignee removed');
      },
    },
    {
      name: 'whoami',
      description: 'The current user: id, login, profile, entity and groups.',
      domain: null,
      write: false,
      inputSchema: schema({}),
      run: () => ({
        id: me.id,
        name: me.name,
        profiles_id: me.profiles_id,
        entities_id: me.entities_id,
        groups_id: (db.prepare('SELECT groups_id FROM glpi_groups_users WHERE users_id = ? ORDER BY groups_id').all(me.id) as Row[]).map((r) => r.groups_id),
      }),
    },
    {
      name: 'ticket_delete',
      description: 'Delete a ticket.',
      domain: 'ticket',
      write: true,
      inputSchema: schema({ ...domainProps('ticket'), id: int('Ticket ID') }, ['session_id', 'domain', 'id']),
      run: (a) => {
        if (!liveTicket(a.id)) throw new Fail('Error deleting ticket');
        update('glpi_tickets', a.id, { is_deleted: 1, date_mod: now() });
        return ok(a.id, 'Ticket deleted');
      },
    },
    // ------------------------------------------------------------------ users
    {
      name: 'user_search',
      description: 'Search users by text (login, first name, last name, email).',
      domain: 'user',
      write: false,
      inputSchema: schema(
        {
          ...domainProps('user'),
          query: str('Text in login, first name, last name or email'),
          is_active: bool('Active users only (default true)'),
          profiles_id: int('Profile ID'),
          entities_id: int('Entity ID'),
          groups_id: int('Group ID'),
          limit: int('Max rows', { minimum: 1, maximum: 100 }),
        },
        ['session_id', 'domain'],
      ),
      run: (a) => {
        const where = ['u.is_deleted = 0', 'u.is_active = @active'];
        const p: Args = { active: a.is_active === false ? 0 : 1 };
        if (a.query) (where.push('(u.name LIKE @q OR u.firstname LIKE @q OR u.realname LIKE @q OR u.email LIKE @q)'), (p.q = `%${a.query}%`));
        if (a.profiles_id !== undefined || a.entities_id !== undefined) {
          const parts = ['pu.users_id = u.id'];
          if (a.profiles_id !== undefined) (parts.push('pu.profiles_id = @pr'), (p.pr = a.profiles_id));
          if (a.entities_id !== undefined) (parts.push('pu.entities_id = @en'), (p.en = a.entities_id));
          where.push(`EXISTS (SELECT 1 FROM glpi_profiles_users pu WHERE ${parts.join(' AND ')})`);
        }
        if (a.groups_id !== undefined) (where.push('EXISTS (SELECT 1 FROM glpi_groups_users g WHERE g.users_id = u.id AND g.groups_id = @gr)'), (p.gr = a.groups_id));
        const items = (db.prepare(`SELECT u.* FROM glpi_users u WHERE ${where.join(' AND ')} ORDER BY u.name LIMIT ${limitOf(a)}`).all(p) as Row[]).map(userView);
        return { items, total: items.length };
      },
    },
    {
      name: 'user_get',
      description: 'Get a user by ID.',
      domain: 'user',
      write: false,
      inputSchema: schema({ ...domainProps('user'), id: int('User ID') }, ['session_id', 'domain', 'id']),
      run: (a) => {
        const row = db.prepare('SELECT * FROM glpi_users WHERE id = ? AND is_deleted = 0').get(a.id) as Row | undefined;
        if (!row) throw new Fail('Not found');
        return userView(row);
      },
    },
    {
      name: 'user_create',
      description: 'Create a user.',
      domain: 'user',
      write: true,
      inputSchema: schema({ ...domainProps('user'), ...userFields() }, ['session_id', 'domain', 'name']),
      run: (a) => {
        if (a.timezone !== undefined && !isZone(a.timezone)) throw new Fail('Invalid input: timezone');
        checkRefs(a, 'Error creating user');
        if (db.prepare('SELECT 1 FROM glpi_users WHERE name_key = ?').get(matchKey(a.name))) throw new Fail('Error creating user');
        const at = now();
        const profile = a.profiles_id ?? (db.prepare("SELECT id FROM glpi_profiles WHERE name = 'Self-Service'").get() as Row).id;
        const entity = a.entities_id ?? me.entities_id;
        const values = pick(a, USER_COLUMNS);
        const id = insert('glpi_users', { is_active: 1, ...values, ...(values.is_active !== undefined ? { is_active: values.is_active ? 1 : 0 } : {}), ...userKeys(values), entities_id: entity, profiles_id: profile, is_deleted: 0, date_creation: at, date_mod: at });
        insert('glpi_profiles_users', { users_id: id, profiles_id: profile, entities_id: entity, is_recursive: 0, date_creation: at, date_mod: at });
        if (a.groups_id !== undefined) insert('glpi_groups_users', { groups_id: a.groups_id, users_id: id, date_creation: at, date_mod: at });
        return ok(id, 'User created');
      },
    },
    {
      name: 'user_update',
      description: 'Update a user.',
      domain: 'user',
      write: true,
      inputSchema: schema({ ...domainProps('user'), id: int('User ID'), ...userFields() }, ['session_id', 'domain', 'id']),
      run: (a) => {
        const current = db.prepare('SELECT * FROM glpi_users WHERE id = ? AND is_deleted = 0').get(a.id) as Row | undefined;
        if (!current) throw new Fail('Error updating user');
        if (a.timezone !== undefined && !isZone(a.timezone)) throw new Fail('Invalid input: timezone');
        checkRefs(a, 'Error updating user');
        const values = pick(a, USER_COLUMNS);
        if (values.is_active !== undefined) values.is_active = values.is_active ? 1 : 0;
        const at = now();
        update('glpi_users', a.id, { ...values, ...userKeys(values, current), date_mod: at });
        if (a.profiles_id !== undefined || a.entities_id !== undefined) {
          const profile = a.profiles_id ?? current.profiles_id;
          const entity = a.entities_id ?? current.entities_id;
          update('glpi_users', a.id, { profiles_id: profile, entities_id: entity });
          if (!db.prepare('SELECT 1 FROM glpi_profiles_users WHERE users_id = ? AND profiles_id = ? AND entities_id = ?').get(a.id, profile, entity)) {
            insert('glpi_profiles_users', { users_id: a.id, profiles_id: profile, entities_id: entity, is_recursive: 0, date_creation: at, date_mod: at });
          }
        }
        if (a.groups_id !== undefined && !db.prepare('SELECT 1 FROM glpi_groups_users WHERE users_id = ? AND groups_id = ?').get(a.id, a.groups_id)) {
          insert('glpi_groups_users', { groups_id: a.groups_id, users_id: a.id, date_creation: at, date_mod: at });
        }
        return ok(a.id, 'User updated');
      },
    },
    {
      name: 'user_deactivate',
      description: 'Deactivate a user.',
      domain: 'user',
      write: true,
      inputSchema: schema({ ...domainProps('user'), id: int('User ID') }, ['session_id', 'domain', 'id']),
      run: (a) => {
        if (!db.prepare('SELECT 1 FROM glpi_users WHERE id = ? AND is_deleted = 0').get(a.id)) throw new Fail('Error deactivating user');
        update('glpi_users', a.id, { is_active: 0, date_mod: now() });
        return ok(a.id, 'User deactivated');
      },
    },
  ];

  // Session and domain checks, then first-problem validation, then the handler.
  return tools.map((tool) => ({
    ...tool,
    run: (args: Args) => {
      if (tool.domain) {
        if (typeof args.session_id !== 'string' || !sessions.has(args.session_id)) throw new Fail('Invalid session');
        if (args.domain !== tool.domain) throw new Fail('Wrong domain');
        if (tool.write && sessions.get(args.session_id) !== tool.domain) throw new Fail('Wrong domain');
      }
      const problem = firstProblem(tool.inputSchema, args);
      if (problem !== undefined) throw new Fail(`Invalid input: ${problem}`);
      return tool.run(args);
    },
  }));
}

function mcpServer(tools: BaselineTool[]): Server {
  const server = new Server({ name: 'glpi-baseline', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = tools.find((t) => t.name === request.params.name);
    if (!tool) return { isError: true, content: [{ type: 'text' as const, text: 'Unknown tool' }] };
    try {
      const result = tool.run((request.params.arguments ?? {}) as Args);
      return { content: [{ type: 'text' as const, text: JSON.stringify(result) }] };
    } catch (error) {
      const text = error instanceof Fail ? error.message : 'Internal error';
      return { isError: true, content: [{ type: 'text' as const, text }] };
    }
  });
  return server;
}

/** Starts the baseline on `port` (0: any free port) over the SQLite file `dbPath`. */
export async function startBaseline(options: BaselineOptions): Promise<BaselineHandle> {
  const db = new Database(options.dbPath);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  // Like GLPI's user_token, a bearer token names the user the calls act as (here: its login).
  const byUser = new Map<string, BaselineTool[]>();
  const toolsOf = (login: string): BaselineTool[] => {
    let tools = byUser.get(login);
    if (!tools) byUser.set(login, (tools = baselineTools(db, login)));
    return tools;
  };
  toolsOf(options.login ?? 'glpi');
  const app = express();
  app.use(express.json({ limit: '1mb' }));
  app.post('/mcp', async (req, res) => {
    const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    let tools: BaselineTool[];
    try {
      tools = toolsOf(bearer ?? options.login ?? 'glpi');
    } catch {
      res.status(401).json({ jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Unauthorized' } });
      return;
    }
    const server = mcpServer(tools);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
    } catch {
      if (!res.headersSent) res.status(500).json({ jsonrpc: '2.0', id: null, error: { code: -32603, message: 'Internal error' } });
    }
  });
  app.all('/mcp', (_req, res) => {
    res.status(405).json({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Method not allowed.' } });
  });
  const host = options.host ?? '127.0.0.1';
  const http: HttpServer = await new Promise((resolve, reject) => {
    const s = app.listen(options.port ?? 0, host, () => resolve(s));
    s.on('error', reject);
  });
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://${host}:${port}/mcp`,
    close: async () => {
      await new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeAllConnections?.();
      db.close();
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { db: { type: 'string' }, port: { type: 'string', default: '3901' }, host: { type: 'string', default: '127.0.0.1' } } });
  if (!values.db) {
    process.stderr.write('usage: baseline-server --db <sqlite file seeded by intentdesk> [--port 3901] [--host 127.0.0.1]\n');
    process.exit(2);
  }
  const handle = await startBaseline({ dbPath: values.db, port: Number(values.port), host: values.host });
  process.stderr.write(`baseline MCP server on ${handle.url}\n`);
  const stop = () => void handle.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
