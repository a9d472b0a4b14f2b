import type { DataSource } from 'typeorm';
import { userKeys } from '../../src/database/user-keys.js';
import { type Answer, Committed } from '../../src/envelope/envelope.js';
import { REFERENCE_KINDS } from '../../src/input/references/reference-kinds.js';
import { ReferenceResolver } from '../../src/input/references/reference-resolver.js';
import type { CreateProjectDto } from '../../src/projects/dto/create-project.dto.js';
import { ProjectsService } from '../../src/projects/projects.service.js';
import { lookAlikeKey } from '../../src/text/look-alike.js';
import { matchKey } from '../../src/text/normalize.js';
import type { CreateTicketDto } from '../../src/tickets/dto/create-ticket.dto.js';
import { TicketsService } from '../../src/tickets/tickets.service.js';
import type { CreateUserDto } from '../../src/users/dto/create-user.dto.js';
import { UsersService } from '../../src/users/users.service.js';
import { DATABASES, type MigrationDataSource, migrationDataSource, undoDownTo } from '../support/databases.js';
import { type Desk, openDeskOn } from './support/desk.js';

/**
 * Names whose fold is easy to get wrong: runs of white space inside and at the ends, letters a
 * collation folds and matchKey keeps (ß, ligatures, fullwidth, long s), marks matchKey does not
 * strip, characters MariaDB ignores (NUL, zero-width), astral characters.
 */
const AWKWARD = [
  '  Ação   Múltipla\u00a0Espaços  ',
  'Straße \u1e9e Groß',
  '\ufb01nanceiro \uff26\uff55\uff4c\uff4c',
  'Ma\u017fsa \u0130zmir \u03a3\u03af\u03c3\u03c5\u03c6\u03bf\u03c2',
  'Leitor\u0000nulo',
  'zero\u200bwidth',
  'Hebraico x\u0591y',
  'Emoji 🙂 café 𝔄',
];
/** What names of projects and users refuse (ticket titles take the zero-width and no-break spaces). */
// eslint-disable-next-line no-control-regex -- the NUL is one of the characters meant
const INVISIBLE = /[\u0000\u00a0\u200b]/;

/** What a ticket title refuses (a control character). */
// eslint-disable-next-line no-control-regex -- the NUL is the character meant
const CONTROL = /[\u0000-\u001f]/;

/** A ticket with `name` as its title, its key the fold of it, as a write stored titles before they were one line. */
async function storedTitle(db: DataSource, name: string): Promise<number> {
  await db.query("INSERT INTO glpi_tickets (name, name_key, content, entities_id, date, is_deleted) VALUES (?, ?, 'x', 1, '2026-01-01 00:00:00', 0)", [
    name,
    matchKey(name),
  ]);
  const [row] = (await db.query('SELECT MAX(id) AS id FROM glpi_tickets')) as Array<{ id: number | string }>;
  return Number(row.id);
}

/** Key columns whose fold does not match their source text, as `table#id.column: stored != expected` lines. */
async function keyMismatches(db: DataSource): Promise<string[]> {
  const found: string[] = [];
  for (const kind of Object.values(REFERENCE_KINDS)) {
    const sources = kind.kind === 'user' ? ['name', 'email', 'firstname', 'realname'] : kind.keys.map((key) => key.replace(/_key$/, ''));
    const rows = (await db.query(`SELECT id, ${[...sources, ...kind.keys].join(', ')} FROM ${kind.table}`)) as Array<Record<string, unknown>>;
    for (const row of rows) {
      const expected: Record<string, unknown> =
        kind.kind === 'user' ? { ...userKeys(row) } : Object.fromEntries(kind.keys.map((key) => [key, matchKey(String(row[key.replace(/_key$/, '')]))]));
      for (const key of kind.keys) {
        if (row[key] !== expected[key]) found.push(`${kind.table}#${String(row.id)}.${key}: ${JSON.stringify(row[key])} != ${JSON.stringify(expected[key])}`);
      }
    }
  }
  return found;
}

function idOf(answer: Answer): number {
  if (!(answer instanceof Committed)) throw new Error('a write that was not committed');
  return Number(answer.outcome.id);
}

/**
 * Names resolve by the exact equality of their keys (src/database/key-equality.ts), so every stored
 * key must be exactly the fold of its text, whoever wrote it: the demo seed, the services, and the
 * migrations that filled keys of rows already there.
 */
describe.each(DATABASES)('stored name keys on %s', (kind) => {
  describe('written by the seed and the services', () => {
    let desk: Desk;
    beforeAll(async () => {
      desk = await openDeskOn(kind);
    });
    afterAll(() => desk?.close());

    it('hold exactly the fold of their names, and each awkward name resolves to its own record by itself and by its fold', async () => {
      const ids = new Map<string, { ticket: number; project: number | undefined }>();
      for (const [i, name] of AWKWARD.entries()) {
        const ticketCall = await desk.call('ticket_create', 'glpi');
        // A title is one line of text: one holding a control character is refused now, and one stored
        // before that (an import) still resolves, so it is stored here as it would have been.
        const ticket = CONTROL.test(name)
          ? await storedTitle(desk.db, name)
          : idOf(await desk.get(TicketsService).create(await desk.input<CreateTicketDto>(ticketCall, { name }), ticketCall));
        const projectCall = await desk.call('project_create', 'glpi');
        // Project names take visible characters and plain spaces only: those with others are titles only.
        const project = INVISIBLE.test(name)
          ? undefined
          : idOf(await desk.get(ProjectsService).create(await desk.input<CreateProjectDto>(projectCall, { name }), projectCall));
        ids.set(name, { ticket, project });
        const userCall = await desk.call('user_create', 'glpi');
        const login = `chave.${i}.stra\u00dfe.\u{1d504}`;
        await desk.get(UsersService).create(
          await desk.input<CreateUserDto>(userCall, {
            name: login,
            firstname: `  Ma\u017fsa ${i} `,
            realname: 'Gro\u00df  \uff26',
            email: `Stra\u00dfe.${i}@Exemplo.COM`,
          }),
          userCall,
        );
      }
      expect(await keyMismatches(desk.db)).toEqual([]);

      const resolver = desk.get(ReferenceResolver);
      for (const [name, { ticket, project }] of ids) {
        for (const input of [name, matchKey(name), name.replace(/[a-z]/g, (c) => c.toUpperCase())]) {
          expect([input, await resolver.resolve('ticket', 'id', input, undefined)]).toEqual([input, expect.objectContaining({ ok: true, id: ticket })]);
          if (project !== undefined) {
            expect([input, await resolver.resolve('project', 'id', input, undefined)]).toEqual([input, expect.objectContaining({ ok: true, id: project })]);
          }
        }
      }
    }, 60_000);
  });

  describe('filled in by the ticket title key migration', () => {
    let source: MigrationDataSource;
    beforeAll(async () => {
      source = await migrationDataSource(kind);
    });
    afterAll(() => source?.close());

    it('holds exactly the fold of each title that existed when it ran', async () => {
      const { ds } = source;
      await ds.runMigrations({ transaction: 'all' });
      await undoDownTo(ds, 'TicketNameKey1767312000000');
      for (const name of AWKWARD) {
        await ds.query('INSERT INTO glpi_tickets (name, content, entities_id, date, is_deleted) VALUES (?, ?, 1, ?, 0)', [name, null, '2026-01-01 00:00:00']);
      }
      await ds.runMigrations({ transaction: 'all' });
      const rows = (await ds.query('SELECT name, name_key FROM glpi_tickets ORDER BY id')) as Array<{ name: string; name_key: string }>;
      expect(rows.map((r) => r.name_key)).toEqual(AWKWARD.map(matchKey));
      expect(rows.map((r) => r.name)).toEqual(AWKWARD);
    }, 60_000);
  });

  describe('rewritten by the recomposed key migration', () => {
    let source: MigrationDataSource;
    beforeAll(async () => {
      source = await migrationDataSource(kind);
    });
    afterAll(() => source?.close());

    /** Names whose key the previous rule left decomposed: Hangul syllables (jamo), voiced kana (a mark). */
    const RECOMPOSED = ['한국어 이름', 'ガイド がぎ'];

    it('rewrites the keys of names that recompose, leaves every other key as it was, and down writes the previous keys again', async () => {
      const { ds } = source;
      await ds.runMigrations({ transaction: 'all' });
      await undoDownTo(ds, 'RecomposedNameKeys1769000000000');
      // The previous rule stripped accents from the decomposed text and left it decomposed.
      const previous = new Map([
        ...RECOMPOSED.map((name) => [name, name.normalize('NFD')] as const),
        ...AWKWARD.map((name) => [name, matchKey(name)] as const),
      ]);
      for (const [name, key] of previous) {
        await ds.query('INSERT INTO glpi_tickets (name, name_key, content, entities_id, date, is_deleted) VALUES (?, ?, ?, 1, ?, 0)', [
          name,
          key,
          null,
          '2026-01-01 00:00:00',
        ]);
        await ds.query('INSERT INTO glpi_projects (name, name_key, entities_id) VALUES (?, ?, 1)', [name, key]);
      }
      const login = 'kim.\ud55c\uad6d';
      await ds.query(
        'INSERT INTO glpi_users (name, name_key, firstname, realname, fullname_key, email, email_key, name_lookalike) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        [login, login.normalize('NFD'), '민준', '김', '민준 김'.normalize('NFD'), null, null, lookAlikeKey(login)],
      );
      const keysOf = async (table: string) =>
        ((await ds.query(`SELECT name_key FROM ${table} ORDER BY id`)) as Array<{ name_key: string }>).map((r) => r.name_key);
      expect(await keyMismatches(ds)).not.toEqual([]);

      await ds.runMigrations({ transaction: 'all' });
      expect(await keyMismatches(ds)).toEqual([]);
      for (const table of ['glpi_tickets', 'glpi_projects']) expect(await keysOf(table)).toEqual([...previous.keys()].map(matchKey));
      expect(matchKey(RECOMPOSED[0])).toBe('한국어 이름');

      await undoDownTo(ds, 'RecomposedNameKeys1769000000000');
      for (const table of ['glpi_tickets', 'glpi_projects']) expect(await keysOf(table)).toEqual([...previous.values()]);
      const user = (await ds.query('SELECT name_key, fullname_key FROM glpi_users WHERE name = ?', [login])) as Array<Record<string, string>>;
      expect(user).toEqual([{ name_key: login.normalize('NFD'), fullname_key: '민준 김'.normalize('NFD') }]);
    }, 60_000);
  });
});
