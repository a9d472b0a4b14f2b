import request from 'supertest';
import { DATABASES } from './support/databases.js';
import { found } from './support/found.js';
import { startStack, type TestStack } from './support/test-app.js';

interface Ref {
  id: number;
  name: string;
}
interface Item {
  id: number;
  name: string;
  completename?: string;
  parent?: Ref | null;
  entities_id?: Ref;
  is_recursive?: boolean;
}

describe.each(DATABASES)('reference data REST on %s', (kind) => {
  let stack: TestStack;
  let admin: { Authorization: string };

  const list = async (path: string, auth: { Authorization: string }, query: Record<string, string> = {}) => {
    const res = await request(stack.http).get(path).query(query).set(auth);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    return { items: res.body.data.items as Item[], total: res.body.data.total as number, message: res.body.message as string };
  };
  const names = (items: Item[]) => items.map((i) => i.name);

  beforeAll(async () => {
    stack = await startStack(kind);
    admin = { Authorization: `Bearer ${await stack.token('glpi', ['api'])}` };
  });
  afterAll(async () => stack?.close());

  it('refuses a request without a token', async () => {
    const res = await request(stack.http).get('/api/entities');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
  });

  it('lists every kind by name, with the columns that apply', async () => {
    const entities = await list('/api/entities', admin);
    expect(names(entities.items)).toEqual(['Filial Porto', 'Root entity', 'Sede']);
    expect(entities.items.find((e) => e.name === 'Sede')).toEqual({
      id: expect.any(Number),
      name: 'Sede',
      completename: 'Root entity > Sede',
      parent: { id: expect.any(Number), name: 'Root entity' },
    });
    expect(
      found(
        entities.items.find((e) => e.name === 'Root entity'),
        'Root entity',
      ).parent,
    ).toBeNull();
    expect(entities.message).toBe('3 entities.');

    const groups = await list('/api/groups', admin);
    expect(groups.items).toEqual([
      { id: expect.any(Number), name: 'Infraestrutura', entities_id: { id: expect.any(Number), name: 'Root entity' }, is_recursive: true },
      { id: expect.any(Number), name: 'Service Desk', entities_id: { id: expect.any(Number), name: 'Root entity' }, is_recursive: true },
    ]);
    expect(names((await list('/api/profiles', admin)).items)).toEqual(['Admin', 'Self-Service', 'Super-Admin', 'Technician']);
    const states = await list('/api/project-states', admin);
    expect(states.items).toEqual([
      { id: 3, name: 'Closed' },
      { id: 1, name: 'New' },
      { id: 2, name: 'Processing' },
    ]);
    expect(names((await list('/api/itil-categories', admin)).items)).toEqual(['Hardware', 'Rede', 'Software']);
    const locations = await list('/api/locations', admin);
    expect(names(locations.items)).toEqual(['Andar 2', 'Porto', 'Sede']);
    expect(locations.items[0]).toMatchObject({
      completename: 'Sede > Andar 2',
      parent: { name: 'Sede' },
      entities_id: { name: 'Root entity' },
      is_recursive: true,
    });
  });

  it('filters by text and limits the rows, keeping the total', async () => {
    const rede = await list('/api/itil-categories', admin, { query: 'RÉDE' });
    expect(names(rede.items)).toEqual(['Rede']);
    // As a search's query: wildcards and quotes around it are not searched for.
    expect(names((await list('/api/itil-categories', admin, { query: '"*rede*"' })).items)).toEqual(['Rede']);
    const first = await list('/api/entities', admin, { limit: '1' });
    expect(first.items).toHaveLength(1);
    expect(first.total).toBe(3);
    const none = await list('/api/groups', admin, { query: '100%_!' });
    expect(none.total).toBe(0);
  });

  it('rejects a bad limit or an unknown parameter', async () => {
    for (const query of [{ limit: '0' }, { limit: '501' }, { limit: 'many' }, { search: 'x' }]) {
      const res = await request(stack.http).get('/api/locations').query(query).set(admin);
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('shows a caller only what their entities allow', async () => {
    const normal = { Authorization: `Bearer ${await stack.token('normal', ['api'])}` };
    expect(names((await list('/api/entities', normal)).items)).toEqual(['Sede']);
    // Recursive records of an ancestor entity are visible; Porto's own location is not.
    expect(names((await list('/api/locations', normal)).items)).toEqual(['Andar 2', 'Sede']);
    expect(names((await list('/api/groups', normal)).items)).toEqual(['Infraestrutura', 'Service Desk']);
    expect((await list('/api/profiles', normal)).total).toBe(4);

    const joao = { Authorization: `Bearer ${await stack.token('joao.souza', ['api'])}` };
    expect(names((await list('/api/entities', joao)).items)).toEqual(['Filial Porto']);
    expect(names((await list('/api/locations', joao)).items)).toEqual(['Andar 2', 'Porto', 'Sede']);
  });
});
