import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import { DataSource, DataSourceOptions } from 'typeorm';
import { formatDate } from '../../dates/dates.js';
import { lookAlikeKey } from '../../text/look-alike.js';
import { ENTITIES, GlpiEntity, Location, Profile, ProfileRights, Project, ProjectState, ProjectTask, Ticket, TicketUser, User } from '../entities/index.js';
import { MIGRATIONS } from '../migrations/index.js';
import { verifyPassword } from '../password-hash.js';
import { DEMO_PASSWORDS } from './demo-passwords.js';
import { DEMO_ZONE, isDatabaseEmpty, seedDemoData } from './demo-seed.js';

const EXPECTED_COUNTS: Record<string, number> = {
  glpi_entities: 3,
  glpi_profiles: 4,
  glpi_users: 6,
  glpi_profiles_users: 6,
  glpi_groups: 2,
  glpi_groups_users: 3,
  glpi_projectstates: 3,
  glpi_projects: 3,
  glpi_itilcategories: 3,
  glpi_locations: 3,
  glpi_tickets: 4,
  glpi_tickets_users: 8,
  glpi_groups_tickets: 2,
  glpi_itilfollowups: 1,
  glpi_solutiontypes: 2,
  glpi_tickettasks: 2,
  glpi_itilsolutions: 1,
  glpi_ticketvalidations: 1,
  glpi_tickets_tickets: 1,
  glpi_projecttasks: 1,
  glpi_projecttaskteams: 2,
  glpi_projecttasks_tickets: 1,
  api_tokens: 0,
  mcp_sessions: 0,
  audit_log: 0,
  idempotency_records: 0,
  otp_user_failures: 0,
};

async function counts(ds: DataSource): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const meta of ds.entityMetadatas) {
    result[meta.tableName] = await ds.getRepository(meta.target).count();
  }
  return result;
}

/** Runs the whole life cycle (migrate, check, seed, check, revert) against a fresh database. */
async function exerciseLifecycle(ds: DataSource): Promise<void> {
  const tables = ds.entityMetadatas.map((meta) => meta.tableName);
  expect(tables).toHaveLength(Object.keys(EXPECTED_COUNTS).length);

  const applied = await ds.runMigrations({ transaction: 'all' });
  expect(applied.map((mig) => mig.name)).toEqual(MIGRATIONS.map((migration) => migration.name));

  // Every mapped column exists in the migrated schema.
  const runner = ds.createQueryRunner();
  try {
    for (const meta of ds.entityMetadatas) {
      const table = await runner.getTable(meta.tableName);
      if (!table) throw new Error(`table ${meta.tableName} of entity ${meta.name} is not in the migrated schema`);
      const columns = table.columns.map((c) => c.name).sort();
      expect(columns).toEqual(meta.columns.map((c) => c.databaseName).sort());
    }
  } finally {
    await runner.release();
  }

  expect(await isDatabaseEmpty(ds)).toBe(true);
  await seedDemoData(ds);
  expect(await isDatabaseEmpty(ds)).toBe(false);
  expect(await counts(ds)).toEqual(EXPECTED_COUNTS);

  // Seeding again leaves the data alone.
  await seedDemoData(ds);
  expect(await counts(ds)).toEqual(EXPECTED_COUNTS);

  const root = await ds.getRepository(GlpiEntity).findOneByOrFail({ name: 'Root entity' });
  expect(root.entities_id).toBeNull();
  const sede = await ds.getRepository(GlpiEntity).findOneByOrFail({ name: 'Sede' });
  expect(sede).toMatchObject({ entities_id: root.id, completename: 'Root entity > Sede', level: 2 });

  const joao = await ds.getRepository(User).findOneByOrFail({ name_key: 'joao.souza' });
  expect(joao).toMatchObject({
    firstname: 'João',
    fullname_key: 'joao souza',
    email: 'joao.souza@example.com',
    language: 'pt_BR',
    is_active: true,
    is_deleted: false,
  });

  // Every demo user signs in with the password the README gives it.
  for (const [login, password] of Object.entries(DEMO_PASSWORDS)) {
    const user = await ds.getRepository(User).createQueryBuilder('u').addSelect('u.password').where('u.name = :login', { login }).getOneOrFail();
    expect([login, await verifyPassword(password, user.password ?? null)]).toEqual([login, true]);
  }

  const selfService = await ds.getRepository(Profile).findOneByOrFail({ name: 'Self-Service' });
  const rights = JSON.parse(selfService.rights) as ProfileRights;
  expect(selfService.interface).toBe('helpdesk');
  expect(rights).toEqual({ project: [], ticket: ['read', 'create'], user: [], ticket_scope: 'own' });

  const states = await ds.getRepository(ProjectState).find({ order: { id: 'ASC' } });
  expect(states.map((s) => [s.id, s.name, s.is_finished])).toEqual([
    [1, 'New', false],
    [2, 'Processing', false],
    [3, 'Closed', true],
  ]);

  const andar2 = await ds.getRepository(Location).findOneByOrFail({ name: 'Andar 2' });
  expect(andar2).toMatchObject({ completename: 'Sede > Andar 2', completename_key: 'sede > andar 2', level: 2 });

  const erpProject = await ds.getRepository(Project).findOneByOrFail({ name_key: 'migracao erp' });
  expect(erpProject).toMatchObject({ code: 'ERP-26', projectstates_id: 2, percent_done: 40, priority: 4 });
  // A day-only date is that day's midnight where the demo users are, as a tool stores a bare date.
  expect(erpProject.plan_start_date?.toISOString()).toBe('2026-06-01T03:00:00.000Z');
  const planned = [...(await ds.getRepository(Project).find()), ...(await ds.getRepository(ProjectTask).find())].flatMap((row) =>
    [row.plan_start_date, row.plan_end_date, row.real_start_date, row.real_end_date].filter((date): date is Date => date instanceof Date),
  );
  expect(planned.length).toBeGreaterThan(10);
  for (const date of planned) expect(formatDate(date, DEMO_ZONE)).toMatch(/T00:00:00-03:00$/);

  const porto = await ds.getRepository(GlpiEntity).findOneByOrFail({ name_key: 'filial porto' });
  const vpn = await ds.getRepository(Ticket).findOneByOrFail({ name: 'Acesso à VPN para novo colaborador' });
  expect(vpn).toMatchObject({ type: 2, status: 2, urgency: 3, impact: 2, priority: 2, entities_id: porto.id });
  const actors = await ds.getRepository(TicketUser).find({ where: { tickets_id: vpn.id }, order: { type: 'ASC' } });
  expect(actors.map((a) => a.type)).toEqual([1, 2]);
  const solved = await ds.getRepository(Ticket).findOneByOrFail({ name: 'Troca de monitor' });
  expect(solved.solvedate).toBeInstanceOf(Date);
  expect(solved.date.toISOString()).toBe('2026-11-03T13:00:00.000Z');

  // Users written before the look-alike keys existed get them when the migration runs (the newest one).
  const lookAlikes = async () => (await ds.getRepository(User).find({ order: { id: 'ASC' } })).map((u) => [u.name_lookalike, u.email_lookalike]);
  const expected = (await ds.getRepository(User).find({ order: { id: 'ASC' } })).map((u) => [lookAlikeKey(u.name), lookAlikeKey(u.email!)]);
  expect(await lookAlikes()).toEqual(expected);
  await ds.undoLastMigration({ transaction: 'all' });
  expect(await ds.runMigrations({ transaction: 'all' })).toHaveLength(1);
  expect(await lookAlikes()).toEqual(expected);
  expect(expected.find(([login]) => login?.startsWith('rnaria'))).toEqual(['rnaria.silva', 'rnaria.silva@exarnple.corn']);

  // Every migration reverts, newest first, down to an empty schema.
  for (let left = applied.length; left > 0; left--) await ds.undoLastMigration({ transaction: 'all' });
  expect(await ds.showMigrations()).toBe(true);
  const check = ds.createQueryRunner();
  try {
    for (const name of tables) {
      expect(await check.hasTable(name)).toBe(false);
    }
  } finally {
    await check.release();
  }
}

describe('initial schema and demo seed (SQLite)', () => {
  let ds: DataSource;

  beforeEach(async () => {
    ds = new DataSource({
      type: 'better-sqlite3',
      database: ':memory:',
      entities: ENTITIES,
      migrations: MIGRATIONS,
      migrationsRun: false,
    });
    await ds.initialize();
  });

  afterEach(async () => {
    await ds.destroy();
  });

  it('migrates, seeds and reverts', async () => {
    await exerciseLifecycle(ds);
  });
});

const mysqlUrl = process.env.TEST_MYSQL_URL;

(mysqlUrl ? describe : describe.skip)('initial schema and demo seed (MySQL/MariaDB)', () => {
  let admin: mysql.Connection;
  let ds: DataSource;
  const database = `intentdesk_test_${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    const url = new URL(mysqlUrl!);
    const server = {
      host: url.hostname,
      port: Number(url.port || 3306),
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
    };
    admin = await mysql.createConnection(server);
    await admin.query(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    const options: DataSourceOptions = {
      type: 'mysql',
      host: server.host,
      port: server.port,
      username: server.user,
      password: server.password,
      database,
      timezone: 'Z',
      charset: 'utf8mb4_unicode_ci',
      entities: ENTITIES,
      migrations: MIGRATIONS,
      migrationsRun: false,
    };
    ds = new DataSource(options);
    await ds.initialize();
  });

  afterAll(async () => {
    if (ds?.isInitialized) await ds.destroy();
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
      await admin.end();
    }
  });

  it('migrates, seeds and reverts', async () => {
    await exerciseLifecycle(ds);
  });
});
