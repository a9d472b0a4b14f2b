import Database from 'better-sqlite3';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBaseline, type BaselineHandle } from './baseline-server.js';
import { FIXTURE_OBSERVED, FIXTURE_PROJECTS, FIXTURE_TIMELINE, FIXTURE_USER } from './tasks.js';

/** The repository root: the nearest parent directory whose package.json is intentdesk's. */
export function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        if (JSON.parse(readFileSync(pkg, 'utf8')).name === 'intentdesk') return dir;
      } catch {
        // keep looking
      }
    }
    const up = dirname(dir);
    if (up === dir) throw new Error('intentdesk repository root not found above bench/agent');
    dir = up;
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolvePort(port));
    });
  });
}

async function waitReady(url: string, child: ChildProcess, logs: () => string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`intentdesk exited with code ${child.exitCode}:\n${logs().slice(-3000)}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`intentdesk not ready after ${timeoutMs} ms:\n${logs().slice(-3000)}`);
}

export interface IntentdeskHandle {
  url: string;
  token: string;
  dbPath: string;
  /** A token (scopes mcp,api) of another user, e.g. a Self-Service requester. */
  tokenFor(login: string): string;
  close(): Promise<void>;
}

/** Spawns `node dist/src/main.js` on a fresh SQLite file with the demo data, and makes a token for glpi. `extraEnv` overrides the settings below. */
export async function startIntentdesk(dir: string, extraEnv: Record<string, string> = {}): Promise<IntentdeskHandle> {
  const root = repoRoot();
  const main = join(root, 'dist', 'src', 'main.js');
  const tokenCli = join(root, 'dist', 'src', 'cli', 'token.js');
  if (!existsSync(main) || !existsSync(tokenCli)) throw new Error(`${main} not found: run "npm run build" in ${root} first`);
  const dbPath = resolve(dir, 'intentdesk.sqlite');
  const port = await freePort();
  const { NODE_OPTIONS: _omit, ...inherited } = process.env;
  const env = {
    ...inherited,
    DATABASE_URL: `sqlite:${dbPath}`,
    HOST: '127.0.0.1',
    PORT: String(port),
    OTP_REQUIRED_FOR: 'none',
    APPROVAL_REQUIRED_FOR: 'none',
    SEED_DEMO: 'true',
    // The suite makes ~100 calls in a few seconds; the default per-minute limits would throttle it.
    RATE_LIMIT_READS: '100000',
    RATE_LIMIT_WRITES: '100000',
    ...extraEnv,
  };
  let logs = '';
  const child = spawn(process.execPath, [main], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  endsWithThisProcess(child);
  child.stdout!.on('data', (d: Buffer) => (logs += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (logs += d.toString()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitReady(`http://127.0.0.1:${port}/ready`, child, () => logs);
    const tokenFor = (login: string): string => {
      const made = spawnSync(process.execPath, [tokenCli, 'create', '--user', login, '--scopes', 'mcp,api'], { cwd: root, env, encoding: 'utf8' });
      const token = made.stdout.trim().split('\n').pop()?.trim() ?? '';
      if (made.status !== 0 || !token) throw new Error(`token creation for ${login} failed: ${made.stderr}`);
      return token;
    };
    return { url: `http://127.0.0.1:${port}/mcp`, token: tokenFor('glpi'), dbPath, tokenFor, close: stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

const key = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, ' ').trim();

/** Adds the fixture user (a second "Maria Silva") and the namesake projects to a database seeded with the demo data. */
export function addFixture(dbPath: string): void {
  const db = new Database(dbPath);
  try {
    db.pragma('busy_timeout = 5000');
    if (db.prepare('SELECT 1 FROM glpi_users WHERE name = ?').get(FIXTURE_USER.name)) return;
    const entity = (db.prepare('SELECT id FROM glpi_entities WHERE name = ?').get(FIXTURE_USER.entity) as { id: number }).id;
    const profile = (db.prepare('SELECT id FROM glpi_profiles WHERE name = ?').get(FIXTURE_USER.profile) as { id: number }).id;
    const at = new Date().toISOString().replace('T', ' ').replace('Z', '');
    const u = FIXTURE_USER;
    const id = db
      .prepare(
        `INSERT INTO glpi_users (name, name_key, firstname, realname, fullname_key, email, email_key, timezone, language, is_active, entities_id, profiles_id, is_deleted, date_creation, date_mod)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'America/Sao_Paulo', 'pt_BR', 1, ?, ?, 0, ?, ?)`,
      )
      .run(u.name, key(u.name), u.firstname, u.realname, key(`${u.firstname} ${u.realname}`), u.email, key(u.email), entity, profile, at, at).lastInsertRowid;
    db.prepare('INSERT INTO glpi_profiles_users (users_id, profiles_id, entities_id, is_recursive, date_creation, date_mod) VALUES (?, ?, ?, 1, ?, ?)').run(id, profile, entity, at, at);
    const fresh = (db.prepare("SELECT id FROM glpi_projectstates WHERE name = 'New'").get() as { id: number }).id;
    for (const p of FIXTURE_PROJECTS) {
      const inEntity = (db.prepare('SELECT id FROM glpi_entities WHERE name = ?').get(p.entity) as { id: number }).id;
      db.prepare(
        'INSERT INTO glpi_projects (name, name_key, code, projectstates_id, priority, entities_id, percent_done, is_deleted, date_creation, date_mod) VALUES (?, ?, ?, ?, 3, ?, 0, 0, ?, ?)',
      ).run(p.name, key(p.name), p.code, fresh, inEntity, at, at);
    }
    // A ticket of the Porto branch a Self-Service user there follows as an observer.
    const o = FIXTURE_OBSERVED;
    const idOf = (table: string, name: string) => (db.prepare(`SELECT id FROM ${table} WHERE name = ?`).get(name) as { id: number }).id;
    const observed = db
      .prepare(
        `INSERT INTO glpi_tickets (name, name_key, content, type, status, urgency, impact, priority, entities_id, date, users_id_recipient, users_id_lastupdater, is_deleted, date_creation, date_mod)
         VALUES (?, ?, ?, 1, 1, 3, 3, 3, ?, ?, ?, ?, 0, ?, ?)`,
      )
      .run(o.name, key(o.name), o.content, idOf('glpi_entities', o.entity), at, id, id, at, at).lastInsertRowid;
    db.prepare('INSERT INTO glpi_tickets_users (tickets_id, users_id, type) VALUES (?, ?, 1), (?, ?, 3)').run(observed, id, observed, idOf('glpi_users', o.observer));
    // A ticket with a long timeline: more followups than one page, the first one a day before the others.
    const t = FIXTURE_TIMELINE;
    const sede = (db.prepare('SELECT id FROM glpi_entities WHERE name = ?').get(t.entity) as { id: number }).id;
    const requester = (db.prepare('SELECT id FROM glpi_users WHERE name = ?').get(t.requester) as { id: number }).id;
    const opened = new Date(Date.now() - 3 * 86_400_000);
    const stamp = (minutes: number) => new Date(opened.getTime() + minutes * 60_000).toISOString().replace('T', ' ').slice(0, 19);
    const ticketId = db
      .prepare(
        `INSERT INTO glpi_tickets (name, name_key, content, type, status, urgency, impact, priority, entities_id, date, users_id_recipient, users_id_lastupdater, is_deleted, date_creation, date_mod)
         VALUES (?, ?, ?, 1, 2, 3, 3, 3, ?, ?, ?, ?, 0, ?, ?)`,
      )
      .run(t.name, key(t.name), t.content, sede, stamp(0), requester, requester, stamp(0), stamp(0)).lastInsertRowid;
    db.prepare('INSERT INTO glpi_tickets_users (tickets_id, users_id, type) VALUES (?, ?, 1)').run(ticketId, requester);
    t.followups.forEach((content, i) => {
      const when = stamp(i === 0 ? 10 : 24 * 60 + i * 10);
      db.prepare("INSERT INTO glpi_itilfollowups (itemtype, items_id, users_id, content, is_private, date, date_creation, date_mod) VALUES ('Ticket', ?, ?, ?, 0, ?, ?, ?)").run(ticketId, requester, content, when, when, when);
    });
  } finally {
    db.close();
  }
}

/** A consistent copy of a live SQLite file (the online backup API). */
export async function copyDatabase(from: string, to: string): Promise<void> {
  const db = new Database(from, { readonly: true });
  try {
    await db.backup(to);
  } finally {
    db.close();
  }
}

export async function startBaselineOn(dbPath: string): Promise<BaselineHandle> {
  return startBaseline({ dbPath, port: await freePort() });
}

/** The time zone of the user the bench acts as. */
export function zoneOf(dbPath: string, login = 'glpi'): string {
  const db = new Database(dbPath, { readonly: true });
  try {
    return (db.prepare('SELECT timezone FROM glpi_users WHERE name = ?').get(login) as { timezone?: string } | undefined)?.timezone || 'UTC';
  } finally {
    db.close();
  }
}

/**
 * The server ends with the bench, also when the bench stops early (an error, its output piped to
 * `head`, a signal): it would otherwise stay listening. This folder stands alone (bench/lib has the
 * same for the other benches).
 */
function endsWithThisProcess(child: ChildProcess): void {
  const end = () => child.kill('SIGKILL');
  process.once('exit', end);
  child.once('exit', () => process.off('exit', end));
  for (const [signal, number] of [['SIGINT', 2], ['SIGTERM', 15], ['SIGHUP', 1]] as const) {
    if (process.listenerCount(signal) === 0) process.once(signal, () => process.exit(128 + number));
  }
}
