import type { DataSource } from 'typeorm';
import { type Names, ReferenceResolver } from '../input/references/reference-resolver.js';
import { type OutputField, Presenter, type Row } from './presenter.js';

const USERS = new Map([
  [2, 'glpi'],
  [4, 'tech'],
]);
const asked: number[][] = [];
function namesIn(ids: Iterable<number>): Map<number, string> {
  return new Map([...ids].flatMap((id) => (USERS.has(id) ? [[id, USERS.get(id)!] as const] : [])));
}

/** The resolver with its database and cache stood in for: names in `cached` are cached, the others read (asked). */
class StubResolver extends ReferenceResolver {
  constructor(private readonly cached: ReadonlySet<number> = new Set()) {
    super({} as DataSource);
  }

  override namesOf(_kind: string, ids: Iterable<number>): Promise<Map<number, string>> {
    asked.push([...ids]);
    return Promise.resolve(namesIn(ids));
  }

  override readonly cachedNames: Names = { nameOf: (_kind, id) => (this.cached.has(id) ? USERS.get(id) : undefined) };

  override hasCachedName(_kind: string, id: number): boolean {
    return this.cached.has(id);
  }
}
/** Names read from the database (asked), none cached. */
const resolver = new StubResolver();
/** Names cached for the ids in `cached`: the others are read (asked). */
function cachingResolver(cached: ReadonlySet<number>): ReferenceResolver {
  return new StubResolver(cached);
}

const FIELDS: OutputField[] = [
  { name: 'id', kind: 'int' },
  { name: 'author_id', kind: 'ref', ref: 'user', column: 'users_id' },
  { name: 'assignee_id', kind: 'ref', ref: 'user' },
  { name: 'date', kind: 'date' },
];

describe('Presenter', () => {
  beforeEach(() => (asked.length = 0));

  it("shows a date text in each zone's offset, the same on every call, and one that is no date as null", async () => {
    const presenter = new Presenter(cachingResolver(new Set([2])));
    const dates: OutputField[] = [{ name: 'date', kind: 'date' }];
    const shown = async (date: unknown, zone: string) => (await presenter.present([{ date }], dates, zone))[0].date;
    for (let call = 0; call < 2; call++) {
      expect(await shown('2026-06-01 12:00:00', 'America/Sao_Paulo')).toBe('2026-06-01T09:00:00-03:00');
      expect(await shown('2026-06-01 12:00:00', 'Europe/Lisbon')).toBe('2026-06-01T13:00:00+01:00');
      expect(await shown('2026-01-15 12:00:00.250', 'Europe/Lisbon')).toBe('2026-01-15T12:00:00+00:00');
      expect(await shown(new Date('2026-06-01T12:00:00Z'), 'UTC')).toBe('2026-06-01T12:00:00+00:00');
      expect(await shown('not a date', 'UTC')).toBeNull();
    }
  });

  it('reads an override in place of the row and names it, leaving the row unchanged', async () => {
    const rows: Row[] = [
      { id: '1', users_id: 2, assignee_id: 2, date: '2026-06-01 12:00:00' },
      { id: '2', users_id: 2, assignee_id: 2, date: null },
    ];
    const before = structuredClone(rows);
    const views = await new Presenter(resolver).present(rows, FIELDS, 'America/Sao_Paulo', undefined, [{ assignee_id: 4 }, undefined]);
    expect(views).toEqual([
      { id: 1, author_id: { id: 2, name: 'glpi' }, assignee_id: { id: 4, name: 'tech' }, date: '2026-06-01T09:00:00-03:00' },
      { id: 2, author_id: { id: 2, name: 'glpi' }, assignee_id: { id: 2, name: 'glpi' }, date: null },
    ]);
    expect(asked).toEqual([[2, 2, 4, 2]]);
    expect(rows).toEqual(before);
  });

  it('takes an override of null as the value, not the row', async () => {
    const [view] = await new Presenter(resolver).present(
      [{ id: 1, users_id: 2, assignee_id: 2, date: null }],
      FIELDS,
      'UTC',
      ['assignee_id'],
      [{ assignee_id: null }],
    );
    expect(view).toEqual({ id: 1, assignee_id: null });
  });

  it('makes the views from cached names with no lookup, the same views as when the names are read', async () => {
    const rows: Row[] = [{ id: '1', users_id: 2, assignee_id: 4, date: '2026-06-01 12:00:00' }];
    const read = await new Presenter(resolver).present(rows, FIELDS, 'UTC');
    asked.length = 0;
    const presenter = new Presenter(cachingResolver(new Set([2, 4])));
    expect(await presenter.present(rows, FIELDS, 'UTC')).toEqual(read);
    expect(presenter.presentNow(rows, FIELDS, 'UTC')).toEqual(read);
    expect(asked).toEqual([]);
  });

  it('reads the names when one is not cached (presentNow then answers nothing)', async () => {
    const rows: Row[] = [{ id: '1', users_id: 2, assignee_id: 4, date: null }];
    const presenter = new Presenter(cachingResolver(new Set([2])));
    expect(presenter.presentNow(rows, FIELDS, 'UTC')).toBeUndefined();
    const [view] = await presenter.present(rows, FIELDS, 'UTC');
    expect(view).toEqual({ id: 1, author_id: { id: 2, name: 'glpi' }, assignee_id: { id: 4, name: 'tech' }, date: null });
    expect(asked).toEqual([[2, 4]]);
  });
});
