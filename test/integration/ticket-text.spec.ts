import { jest } from '@jest/globals';
import { DataSource } from 'typeorm';
import type { Qb } from '../../src/search/search-runner.js';
import { TOTAL_CAP } from '../../src/search/search-runner.js';
import { matchKey } from '../../src/text/normalize.js';
import type { SearchTicketsDto } from '../../src/tickets/dto/search-tickets.dto.js';
import { applyTicketText, COMMON_GRAM } from '../../src/tickets/ticket-text.js';
import { TicketsService } from '../../src/tickets/tickets.service.js';
import { DATABASES } from '../support/databases.js';
import { type Desk, openDeskOn } from './support/desk.js';

interface Page {
  items: Array<{ id: number; name: string }>;
  total: number;
  total_is_estimate?: true;
  next_cursor: string | null;
}

/** Titles and descriptions with accents, case and punctuation that a substring search must see through. */
const TEXTS: Array<[string, string | null]> = [
  ['Impressora não imprime', 'O usuário relata papel atolado.'],
  ['IMPRESSORA com defeito', null],
  ['Notebook não liga', 'Após a atualização, a tela fica preta.'],
  ['Ação urgente: café derramado', 'Teclado molhado na recepção'],
  ['Senha expirada', 'Acesso ao portal bloqueado; 100% dos usuários'],
  ['Wi-Fi lento', 'sala de reuniões do 2º andar'],
];

/** Queries of at least three characters, each answered by the text index, against the substring rule. */
const QUERIES = ['impressora', 'NAO', 'atualizacao', 'ção', 'cafe derr', 'recepcao', '100%', 'wi-fi', 'reunioes do', 'xyzzy', 'tecl'];

/** The rule, stated plainly: the query is a substring of the title or the description, case and accents aside. */
function expected(query: string): string[] {
  const key = matchKey(query);
  return TEXTS.filter(([name, content]) => matchKey(name).includes(key) || matchKey(content ?? '').includes(key))
    .map(([name]) => name)
    .sort();
}

describe.each(DATABASES)('ticket text search on %s', (kind) => {
  let desk: Desk;
  let tickets: TicketsService;
  let entity: number;

  beforeAll(async () => {
    desk = await openDeskOn(kind);
    tickets = desk.get(TicketsService);
    entity = await entityOf(desk.db);
    // Written by SQL, as another client would: the index is kept by the database, not by the service.
    for (const [name, content] of TEXTS) await insertTicket(desk.db, entity, name, content);
  }, 60_000);
  afterAll(() => desk?.close());

  async function search(args: Record<string, unknown>): Promise<Page> {
    const call = await desk.call('ticket_search', 'glpi');
    return (await tickets.search(await desk.input<SearchTicketsDto>(call, { limit: 100, ...args }), call)).data as Page;
  }

  async function names(query: string): Promise<string[]> {
    const mine = new Set(TEXTS.map(([name]) => name));
    return (await search({ query })).items
      .map((t) => t.name)
      .filter((n) => mine.has(n))
      .sort();
  }

  it.each(QUERIES)('finds %p wherever it is a substring, case and accents aside', async (query) => {
    expect(await names(query)).toEqual(expected(query));
  });

  it('follows updates and deletes made by SQL', async () => {
    const id = await insertTicket(desk.db, entity, 'Projetor queimado', null);
    const ids = async (query: string) => (await search({ query })).items.map((t) => t.id);
    expect(await ids('projetor')).toContain(id);
    await desk.db.query('UPDATE glpi_tickets SET name = ? WHERE id = ?', ['Tela trincada', id]);
    expect(await ids('projetor')).not.toContain(id);
    expect(await ids('trincada')).toContain(id);
    await desk.db.query('UPDATE glpi_tickets SET status = 2 WHERE id = ?', [id]);
    expect(await ids('trincada')).toContain(id);
    await desk.db.query('DELETE FROM glpi_tickets WHERE id = ?', [id]);
    expect(await ids('trincada')).not.toContain(id);
  });

  it('counts up to the cap unless asked for the exact total, and pages a common word to the end', async () => {
    const many = Math.max(TOTAL_CAP, COMMON_GRAM) + 50;
    await insertMany(desk.db, entity, many, (i) => `Zebra listrada ${i}`);
    const estimated = await search({ query: 'zebra', limit: 100 });
    expect(estimated).toMatchObject({ total: TOTAL_CAP, total_is_estimate: true });
    expect(estimated.items).toHaveLength(100);
    const exact = await search({ query: 'zebra', exact_total: true, limit: 100 });
    expect(exact.total).toBe(many);
    expect(exact.total_is_estimate).toBeUndefined();
    // A rare slice among common ones still finds its one ticket.
    expect((await search({ query: `listrada ${many - 7}` })).items.map((t) => t.name)).toEqual([`Zebra listrada ${many - 7}`]);
    let seen = 0;
    let pages = 0;
    let cursor: string | null = null;
    do {
      if (++pages > many / 100 + 2) throw new Error('paging does not end');
      // By id: the dates written above are in the text form of neither driver.
      const page: Page = await search({ query: 'ZEBRA', sort: 'id', limit: 100, ...(cursor ? { cursor } : {}) });
      seen += page.items.length;
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toBe(many);
  }, 120_000);

  it('narrows a text whose slices are each common but rare together, as a ticket number is', async () => {
    // 'vqw' and 'wkz' are each in COMMON_GRAM tickets, 'qwk' in twice as many; all three only in one.
    await insertMany(desk.db, entity, COMMON_GRAM + 10, () => 'Pedido vqwk');
    await insertMany(desk.db, entity, COMMON_GRAM + 10, () => 'Pedido qwkz');
    const id = await insertTicket(desk.db, entity, 'Pedido VQWKZ', null);
    const found = await search({ query: 'vqwkz' });
    expect(found.items.map((t) => t.id)).toEqual([id]);
    expect(found.total).toBe(1);
    const qb = desk.db.createQueryBuilder().select('t.id', 'id').from('glpi_tickets', 't') as unknown as Qb;
    // The index drives (and the sort follows the few matches) instead of a walk of every ticket in sort order.
    expect(await applyTicketText(desk.db, qb, 'vqwkz', { page: true, filtered: false, fromRows: false, rowFilters: [] })).toEqual({ reach: 'narrow' });
    // MariaDB: the slices are intersected once, by the question that found them rare together; the
    // page and its count then read the few tickets it named by id, not the slices' long lists again.
    if (kind === 'mysql') expect(qb.getQuery()).not.toMatch(/glpi_tickets_grams/);
  }, 120_000);

  it('estimates the total of a word whose slices are all common from the tickets that hold them together', async () => {
    // Each slice of 'girafa' is in COMMON_GRAM + 10 tickets, and so are all of them at once: common.
    await insertMany(desk.db, entity, COMMON_GRAM + 10, (i) => `Girafa malhada ${i}`);
    const qb = desk.db.createQueryBuilder().select('t.id', 'id').from('glpi_tickets', 't') as unknown as Qb;
    const reach = await applyTicketText(desk.db, qb, 'girafa', { page: true, filtered: false, fromRows: false, rowFilters: [] });
    expect(reach).toMatchObject({ reach: 'broad' });
    expect(await search({ query: 'Girafa' })).toMatchObject({ total: TOTAL_CAP, total_is_estimate: true });
    // MariaDB: the combined check already listed COMMON_GRAM tickets holding the slices; the count's
    // sample reads those by id rather than a slice's long list again.
    if (kind === 'mysql') {
      const count = desk.db.createQueryBuilder().select('t.id', 'id').from('glpi_tickets', 't') as unknown as Qb;
      if (reach.reach === 'broad') reach.sample?.(count);
      expect(count.getQuery()).toMatch(/id`? IN \(/);
      expect(count.getQuery()).not.toMatch(/glpi_tickets_grams/);
    }
  }, 120_000);

  it("checks a person's few tickets for the text one by one, without reading the slices' lists (MariaDB)", async () => {
    // 'Leopardo' is in COMMON_GRAM + 10 tickets (its slices are long lists); the filter names four tickets.
    await insertMany(desk.db, entity, COMMON_GRAM + 10, (i) => `Leopardo ${i}`);
    const few = [await insertTicket(desk.db, entity, 'Leopardo-das-neves', null), await insertTicket(desk.db, entity, 'Outro assunto', 'um LEOPARDO')];
    few.push(await insertTicket(desk.db, entity, 'Leopard', null), await insertTicket(desk.db, entity, 'Sem relação', null));
    const qb = desk.db.createQueryBuilder().select('t.id', 'id').from('glpi_tickets', 't').where('t.id IN (:...few)', { few }) as unknown as Qb;
    const query = jest.spyOn(desk.db, 'query');
    const reach = await applyTicketText(desk.db, qb, 'leopardo', { page: true, filtered: true, fromRows: true, rowFilters: ['assignee_id'] });
    const statements = query.mock.calls.map(([sql]) => sql);
    query.mockRestore();
    const found = ((await qb.getRawMany()) as Array<{ id: number | string }>).map((r) => Number(r.id)).sort((a, b) => a - b);
    expect(found).toEqual(few.slice(0, 2));
    if (kind === 'mysql') {
      expect(reach).toEqual({ reach: 'narrow' });
      expect([qb.getQuery(), ...statements].filter((sql) => sql.includes('glpi_tickets_grams'))).toEqual([]);
      // `mine` (as an assignee: the user's tickets and their groups' queues) is not counted first.
      const mine = desk.db.createQueryBuilder().select('t.id', 'id').from('glpi_tickets', 't').where('t.id IN (:...few)', { few }) as unknown as Qb;
      expect(await applyTicketText(desk.db, mine, 'leopardo', { page: true, filtered: true, fromRows: true, rowFilters: ['mine'] })).toMatchObject({
        reach: 'broad',
      });
    }
  }, 120_000);

  it('returns for a broad text the rows of the match list, in the same order, page after page', async () => {
    // Case and accents vary; 'conexões' and 'anexo' are near misses.
    const forms = (i: number) => [`Conexão lenta ${i}`, `CONEXAO caída ${i}`, `Sem conexões ${i}`, `anexo ${i}`][i % 4];
    await insertMany(desk.db, entity, 2 * COMMON_GRAM + 40, forms);
    await insertTicket(desk.db, entity, 'Rede', 'a conexão cai à noite');
    const qb = desk.db.createQueryBuilder().select('t.id', 'id').from('glpi_tickets', 't') as unknown as Qb;
    expect(await applyTicketText(desk.db, qb, 'Conexão', { page: true, filtered: false, fromRows: false, rowFilters: [] })).toMatchObject({ reach: 'broad' });
    const listed = (await desk.db.query(
      kind === 'mysql'
        ? "SELECT id FROM glpi_tickets WHERE name LIKE '%conexão%' OR content LIKE '%conexão%'"
        : `SELECT rowid AS id FROM glpi_tickets_text WHERE glpi_tickets_text MATCH '"conexão"'`,
    )) as Array<{ id: number | string }>;
    const matching = listed.map((r) => Number(r.id));
    expect(matching.length).toBeGreaterThan(COMMON_GRAM);
    const priorities = (await desk.db.query('SELECT id, priority FROM glpi_tickets')) as Array<{ id: number | string; priority: number | string }>;
    const priority = new Map(priorities.map((r) => [Number(r.id), Number(r.priority)]));
    for (const sort of ['-id', 'priority']) {
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const page: Page = await search({ query: 'Conexão', sort, limit: 100, ...(cursor ? { cursor } : {}) });
        seen.push(...page.items.map((t) => t.id));
        cursor = page.next_cursor;
      } while (cursor && seen.length <= matching.length);
      const order = sort === '-id' ? (a: number, b: number) => b - a : (a: number, b: number) => (priority.get(a) ?? 0) - (priority.get(b) ?? 0) || a - b;
      expect(seen).toEqual([...matching].sort(order));
    }
  }, 120_000);

  it('gives a scoped technician, a Self-Service requester and a requester filter, for a broad text, the matches they see, in order, with their totals', async () => {
    // Half in an entity the technician 'normal' sees (Sede, not recursive), half in Root; a fifth requested by 'post-only'.
    const forms = (i: number) => [`Monitor piscando ${i}`, `MÔNITOR sem sinal ${i}`, `Monitores novos ${i}`, `monito ${i}`][i % 4];
    const sede = await entityNamed(desk.db, 'Sede');
    await insertMany(desk.db, sede, COMMON_GRAM + 20, forms);
    await insertMany(desk.db, entity, COMMON_GRAM + 20, forms);
    const requester = await desk.userId('post-only');
    await desk.db.query(`INSERT INTO glpi_tickets_users (tickets_id, users_id, type) SELECT id, ?, 1 FROM glpi_tickets WHERE name LIKE 'mo%' AND id % 5 = 0`, [
      requester,
    ]);
    const listed = (await desk.db.query(
      kind === 'mysql'
        ? "SELECT id FROM glpi_tickets WHERE name LIKE '%monitor%' OR content LIKE '%monitor%'"
        : `SELECT rowid AS id FROM glpi_tickets_text WHERE glpi_tickets_text MATCH '"monitor"'`,
    )) as Array<{ id: number | string }>;
    const matching = new Set(listed.map((r) => Number(r.id)));
    const rows = (await desk.db.query(
      'SELECT t.id, t.entities_id, t.priority, u.users_id AS requester FROM glpi_tickets t LEFT JOIN glpi_tickets_users u ON u.tickets_id = t.id AND u.type = 1 AND u.users_id = ?',
      [requester],
    )) as Array<Record<string, number | string | null>>;
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    const seenBy: Record<string, (id: number) => boolean> = {
      normal: (id) => Number(byId.get(id)?.entities_id) === sede,
      'post-only': (id) => Number(byId.get(id)?.requester) === requester,
    };
    // Not by a date: the dates written above are in the text form of neither driver (their cursors would not round-trip).
    const orders: Record<string, (a: number, b: number) => number> = {
      '-id': (a, b) => b - a,
      priority: (a, b) => Number(byId.get(a)?.priority) - Number(byId.get(b)?.priority) || a - b,
    };
    // The Super-Admin filtering by requester sees what the requester sees (an actor filter: the search starts from its tickets).
    const cases: Array<[string, (id: number) => boolean, Record<string, unknown>]> = [
      ['normal', seenBy.normal, {}],
      ['post-only', seenBy['post-only'], {}],
      ['glpi', seenBy['post-only'], { requester_id: 'post-only' }],
    ];
    for (const [login, sees, filters] of cases) {
      const expectedIds = [...matching].filter(sees);
      expect(expectedIds.length).toBeGreaterThan(100);
      for (const [sort, order] of Object.entries(orders)) {
        const seen: number[] = [];
        let cursor: string | null = null;
        let first: Page | undefined;
        do {
          const call = await desk.call('ticket_search', login);
          const page = (
            await tickets.search(
              await desk.input<SearchTicketsDto>(call, { query: 'monitor', ...filters, sort, limit: 100, ...(cursor ? { cursor } : {}) }),
              call,
            )
          ).data as Page;
          first ??= page;
          seen.push(...page.items.map((t) => t.id));
          cursor = page.next_cursor;
        } while (cursor && seen.length <= expectedIds.length);
        expect(seen).toEqual([...expectedIds].sort(order));
        const estimate = expectedIds.length > TOTAL_CAP;
        expect({ total: first?.total, estimate: first?.total_is_estimate === true }).toEqual({ total: estimate ? TOTAL_CAP : expectedIds.length, estimate });
      }
    }
  }, 180_000);

  it('keeps short queries a plain substring search', async () => {
    expect((await search({ query: 'Wi' })).items.map((t) => t.name)).toContain('Wi-Fi lento');
  });
});

async function entityOf(db: DataSource): Promise<number> {
  const [row] = (await db.query('SELECT id FROM glpi_entities ORDER BY id LIMIT 1')) as Array<{ id: number | string }>;
  return Number(row.id);
}

async function entityNamed(db: DataSource, name: string): Promise<number> {
  const [row] = (await db.query('SELECT id FROM glpi_entities WHERE name = ?', [name])) as Array<{ id: number | string }>;
  return Number(row.id);
}

async function insertTicket(db: DataSource, entity: number, name: string, content: string | null): Promise<number> {
  await db.query('INSERT INTO glpi_tickets (name, content, entities_id, date, date_mod, is_deleted) VALUES (?, ?, ?, ?, ?, 0)', [
    name,
    content,
    entity,
    '2026-01-01 10:00:00',
    '2026-01-01 10:00:00',
  ]);
  const [row] = (await db.query('SELECT MAX(id) AS id FROM glpi_tickets')) as Array<{ id: number | string }>;
  return Number(row.id);
}

async function insertMany(db: DataSource, entity: number, count: number, name: (i: number) => string): Promise<void> {
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, k) => start + k);
    await db.query(
      `INSERT INTO glpi_tickets (name, content, entities_id, date, date_mod, is_deleted) VALUES ${rows.map(() => '(?, NULL, ?, ?, ?, 0)').join(', ')}`,
      rows.flatMap((i) => [name(i), entity, '2026-01-02 10:00:00', `2026-01-02 ${String(10 + (i % 10)).padStart(2, '0')}:00:00`]),
    );
  }
}
