import { jest } from '@jest/globals';
import { DataSource } from 'typeorm';
import { ReferenceResolver } from '../../src/input/references/reference-resolver.js';
import { type Desk, openDesk } from './support/desk.js';

/** Name resolution within what each caller may see, on the demo data. */
describe('reference resolution and scope', () => {
  let desk: Desk;
  let resolver: ReferenceResolver;

  beforeAll(async () => {
    desk = await openDesk();
    resolver = desk.get(ReferenceResolver);
  });
  afterAll(() => desk?.close());

  const resolve = async (login: string, kind: string, input: unknown) => resolver.resolve(kind, 'field', input, await desk.nameScope(login));

  it('resolves names exactly, then in any case and without accents', async () => {
    expect(await resolve('glpi', 'projectState', 'processing')).toMatchObject({ ok: true, name: 'Processing' });
    expect(await resolve('glpi', 'entity', 'filial porto')).toMatchObject({ ok: true, name: expect.stringContaining('Filial Porto') });
  });

  it('does not resolve, list or suggest what the caller cannot see', async () => {
    // normal is a Technician at Sede only: the project of Filial Porto is not there for it.
    const hidden = await resolve('normal', 'project', 'Renovação do parque de impressoras');
    expect(hidden).toMatchObject({ ok: false, issue: { code: 'REFERENCE_NOT_FOUND', available: ['Migração ERP'] } });
    expect(hidden).not.toHaveProperty('issue.did_you_mean');
    expect(await resolve('glpi', 'project', 'Renovação do parque de impressoras')).toMatchObject({ ok: true });
  });

  it('lets a Self-Service caller name only itself among users, with the same answer for any other', async () => {
    expect(await resolve('post-only', 'user', 'post-only')).toMatchObject({ ok: true, id: await desk.userId('post-only') });
    const existing = await resolve('post-only', 'user', 'tech');
    const missing = await resolve('post-only', 'user', 'nobody-at-all');
    expect(existing).toMatchObject({ ok: false, issue: { code: 'REFERENCE_NOT_FOUND', available: [] } });
    expect(JSON.stringify(existing).replaceAll('tech', 'X')).toBe(JSON.stringify(missing).replaceAll('nobody-at-all', 'X'));
  });

  it('does not resolve a deleted user, whoever asks', async () => {
    await desk.db.query("UPDATE glpi_users SET is_deleted = 1 WHERE name = 'joao.souza'");
    try {
      expect(await resolve('glpi', 'user', 'joao.souza')).toMatchObject({ ok: false, issue: { code: 'REFERENCE_NOT_FOUND' } });
    } finally {
      await desk.db.query("UPDATE glpi_users SET is_deleted = 0 WHERE name = 'joao.souza'");
    }
    expect(await resolve('glpi', 'user', 'joao.souza')).toMatchObject({ ok: true });
  });

  it('answers a number that cannot be an id as not found, never as a name', async () => {
    expect(await resolve('glpi', 'group', 0)).toMatchObject({
      ok: false,
      issue: { code: 'REFERENCE_NOT_FOUND', message: expect.stringContaining('not a valid id') },
    });
  });

  it('knows names from its cache only once they were read, and forgets them on a write', async () => {
    const glpi = await desk.userId('glpi');
    const tech = await desk.userId('tech');
    resolver.forget('user');
    const cached = (id: number) => resolver.hasCachedName('user', id, Date.now());
    const both = new Map([['user', [glpi, tech, glpi]]]);
    expect([cached(glpi), cached(tech)]).toEqual([false, false]);
    const read = await resolver.namesOf('user', [glpi, tech, 0, -1]);
    expect([...read.keys()].sort()).toEqual([glpi, tech].sort());
    expect([cached(glpi), cached(tech)]).toEqual([true, true]);
    // All cached: the cache itself answers, no statement and no promise.
    expect(resolver.namesByKind(both)).toBe(resolver.cachedNames);
    expect(resolver.cachedNames.nameOf('user', tech)).toBe(read.get(tech));
    // An id that is no record's is not cached: the cache cannot answer for it.
    expect(cached(999_999)).toBe(false);
    const pending = resolver.namesByKind(new Map([['user', [glpi, 999_999]]]));
    expect(pending).toBeInstanceOf(Promise);
    expect((await pending).nameOf('user', glpi)).toBe(read.get(glpi));
    resolver.forget('user');
    expect(cached(glpi)).toBe(false);
  });

  it('reads each missing id once, however often it is asked for, beside the cached ones', async () => {
    const glpi = await desk.userId('glpi');
    const tech = await desk.userId('tech');
    resolver.forget('user');
    await resolver.namesOf('user', [glpi]);
    const dataSource = desk.get(DataSource);
    const original = dataSource.createQueryBuilder.bind(dataSource);
    const built: Array<ReturnType<DataSource['createQueryBuilder']>> = [];
    const spy = jest.spyOn(dataSource, 'createQueryBuilder').mockImplementation(((...args: Parameters<DataSource['createQueryBuilder']>) => {
      const builder = (original as (...a: unknown[]) => ReturnType<DataSource['createQueryBuilder']>)(...args);
      built.push(builder);
      return builder;
    }) as DataSource['createQueryBuilder']);
    try {
      const read = await resolver.namesOf('user', [tech, glpi, tech, glpi, tech]);
      expect([...read.keys()].sort()).toEqual([glpi, tech].sort());
    } finally {
      spy.mockRestore();
    }
    expect(built.map((builder) => builder.getParameters().ids)).toEqual([[tech]]);
  });
});
