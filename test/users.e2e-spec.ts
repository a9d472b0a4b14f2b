import request from 'supertest';
import { DataSource } from 'typeorm';
import { DATABASES } from './support/databases.js';
import { found as foundIn } from './support/found.js';
import { callTool, connectHttp, failure, itemNames, openSession, success } from './support/mcp-client.js';
import { startStack, type TestStack } from './support/test-app.js';

interface Ref {
  id: number;
  name: string;
}
interface UserView {
  id: number;
  name: string;
  is_active: boolean;
  profiles_id: Ref | null;
  entities_id: Ref | null;
  groups: Ref[];
  [field: string]: unknown;
}
interface IssueBody {
  field: string;
  code: string;
  did_you_mean?: string;
  available?: string[];
}

describe.each(DATABASES)('users REST on %s', (kind) => {
  let stack: TestStack;
  let admin: { Authorization: string };

  const idOf = async (login: string): Promise<number> => {
    const res = await request(stack.http).get('/api/users').query({ name: login, is_active: 'true' }).set(admin);
    expect(res.body.data.items).toHaveLength(1);
    return (res.body.data.items[0] as UserView).id;
  };

  beforeAll(async () => {
    stack = await startStack(kind);
    admin = { Authorization: `Bearer ${await stack.token('glpi', ['api'])}` };
  });
  afterAll(async () => stack?.close());

  it('refuses a request without a token', async () => {
    const res = await request(stack.http).get('/api/users');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
  });

  it('finds the users of any of several groups or profiles a list names, as a text or a list', async () => {
    const names = async (query: Record<string, unknown>) => {
      const res = await request(stack.http).get('/api/users').query(query).set(admin);
      expect([query, res.status]).toEqual([query, 200]);
      return ((res.body.data.items as UserView[]).map((u) => u.name) as string[]).sort();
    };
    const union = async (field: string, values: string[]) => [...new Set((await Promise.all(values.map((v) => names({ [field]: v })))).flat())].sort();
    for (const [field, values] of [
      ['groups_id', ['Infraestrutura', 'Service Desk']],
      ['profiles_id', ['Technician', 'Self-Service']],
    ] as const) {
      const either = await union(field, [...values]);
      expect(either.length).toBeGreaterThan(1);
      expect([field, await names({ [field]: `${values[0]} or ${values[1]}` })]).toEqual([field, either]);
      expect([field, await names({ [field]: [...values] })]).toEqual([field, either]);
    }
    // Profile and entity still hold on one assignment, a list of profiles included.
    const both = await request(stack.http).get('/api/users').query({ profiles_id: 'Technician, Self-Service', entities_id: 'Root entity' }).set(admin);
    expect(both.status).toBe(200);
    expect(both.body.resolved.profiles_id).toMatchObject({ names: ['Technician', 'Self-Service'] });
  });

  it('finds the users without a group, profile or entity named after "not", one or several', async () => {
    const names = async (query: Record<string, unknown>) => {
      const res = await request(stack.http).get('/api/users').query(query).set(admin);
      expect([query, res.status, res.body.error]).toEqual([query, 200, undefined]);
      return ((res.body.data.items as UserView[]).map((u) => u.name) as string[]).sort();
    };
    const everyone = await names({});
    const without = (some: string[]) => everyone.filter((name) => !some.includes(name));
    for (const [field, one, other] of [
      ['groups_id', 'Infraestrutura', 'Service Desk'],
      ['profiles_id', 'Technician', 'Self-Service'],
      ['entities_id', 'Sede', 'Filial Porto'],
    ] as const) {
      const inOne = await names({ [field]: one });
      const inEither = await names({ [field]: [one, other] });
      expect([field, inOne.length, without(inOne).length > 0]).toEqual([field, expect.any(Number), true]);
      expect([field, await names({ [field]: `not ${one}` })]).toEqual([field, without(inOne)]);
      expect([field, await names({ [field]: `exceto ${one}` })]).toEqual([field, without(inOne)]);
      expect([field, await names({ [field]: `not ${one} and not ${other}` })]).toEqual([field, without(inEither)]);
      expect([field, await names({ [field]: [`!${one}`, `!${other}`] })]).toEqual([field, without(inEither)]);
      // Named and left out in one list: those of the first, none of the second.
      const inOther = await names({ [field]: other });
      expect([field, await names({ [field]: `${one}, not ${other}` })]).toEqual([field, inOne.filter((name) => !inOther.includes(name))]);
    }
    const res = await request(stack.http).get('/api/users').query({ profiles_id: 'not Technician' }).set(admin);
    expect(res.body.resolved.profiles_id).toMatchObject({ input: 'not Technician', name: 'Technician', not: true });
    // Beside an entity, a profile left out is left out there: users assigned on that entity, none of them as a Technician there.
    const onRoot = await names({ entities_id: 'Root entity' });
    const techniciansOnRoot = await names({ entities_id: 'Root entity', profiles_id: 'Technician' });
    expect(await names({ entities_id: 'Root entity', profiles_id: 'not Technician' })).toEqual(onRoot.filter((name) => !techniciansOnRoot.includes(name)));
  });

  it('lists the demo users with their groups and default assignment', async () => {
    const res = await request(stack.http).get('/api/users').set(admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', domain: 'user', tool: 'user_search' });
    const items = res.body.data.items as UserView[];
    expect(items.map((u) => u.name)).toEqual(['glpi', 'joao.souza', 'maria.silva', 'normal', 'post-only', 'tech']);
    const tech = foundIn(
      items.find((u) => u.name === 'tech'),
      'user tech',
    );
    expect(tech.groups.map((g) => g.name)).toEqual(['Infraestrutura', 'Service Desk']);
    expect(tech.profiles_id).toMatchObject({ name: 'Technician' });
    expect(tech.is_active).toBe(true);
    expect(Object.keys(tech)).toEqual([
      'id',
      'name',
      'realname',
      'firstname',
      'email',
      'phone',
      'timezone',
      'language',
      'is_active',
      'entities_id',
      'profiles_id',
      'groups',
      'date_creation',
      'date_mod',
    ]);
    expect(JSON.stringify(res.body)).not.toMatch(/name_key|password|is_deleted/);
  });

  it('creates, reads, finds, updates and deactivates a user', async () => {
    const created = await request(stack.http).post('/api/users').set(admin).send({
      name: 'ana.lima',
      firstname: 'Ana',
      realname: 'Lima',
      email: 'Ana.Lima@example.com',
      phone: '+55 11 5555-0101',
      profiles_id: 'Technician',
      entities_id: 'Sede',
      groups_id: 'Service Desk',
      timezone: 'America/Sao_Paulo',
      language: 'pt_BR',
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(created.body.message).toBe("User 'ana.lima' created.");
    expect(created.body.applied).toMatchObject({
      name: 'ana.lima',
      is_active: true,
      timezone: 'America/Sao_Paulo',
      profiles_id: created.body.resolved.profiles_id.id,
      entities_id: created.body.resolved.entities_id.id,
      groups_id: created.body.resolved.groups_id.id,
    });
    expect(typeof created.body.applied.profiles_id).toBe('number');
    expect(created.body.resolved.profiles_id).toMatchObject({ input: 'Technician', name: 'Technician' });
    expect(created.body.data).toMatchObject({
      id,
      profiles_id: { name: 'Technician' },
      entities_id: { name: 'Root entity > Sede' },
      groups: [{ name: 'Service Desk' }],
    });

    const got = await request(stack.http).get(`/api/users/${id}`).set(admin);
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({ name: 'ana.lima', firstname: 'Ana', realname: 'Lima', language: 'pt_BR' });

    // The new user resolves by "Firstname Lastname" (case and accents ignored) in another domain's filter.
    const byName = await request(stack.http).get('/api/projects').query({ users_id: 'ana LIMA' }).set(admin);
    expect(byName.status).toBe(200);
    expect(byName.body.resolved.users_id).toMatchObject({ id, name: 'ana.lima' });
    const found = await request(stack.http).get('/api/users').query({ query: 'Ána Lim' }).set(admin);
    expect((found.body.data.items as UserView[]).map((u) => u.id)).toEqual([id]);
    const byEmail = await request(stack.http).get('/api/users').query({ email: 'ana.lima@EXAMPLE.com' }).set(admin);
    expect(byEmail.body.data.total).toBe(1);

    const updated = await request(stack.http)
      .patch(`/api/users/${id}`)
      .set(admin)
      .send({ phone: null, language: 'en_GB', firstname: 'Anna', profiles_id: 'Self-Service', groups_id: 'Infraestrutura' });
    expect(updated.status).toBe(200);
    expect(updated.body.applied).toEqual({
      phone: null,
      language: 'en_GB',
      firstname: 'Anna',
      profiles_id: updated.body.resolved.profiles_id.id,
      entities_id: created.body.applied.entities_id,
      groups_id: updated.body.resolved.groups_id.id,
    });
    expect(updated.body.data).toMatchObject({ phone: null, profiles_id: { name: 'Self-Service' } });
    expect((updated.body.data as UserView).groups.map((g) => g.name)).toEqual(['Infraestrutura', 'Service Desk']);
    // The default assignment moved: no Technician assignment is left behind.
    const asTech = await request(stack.http).get('/api/users').query({ name: 'ana.lima', profiles_id: 'Technician' }).set(admin);
    expect(asTech.body.data.total).toBe(0);
    const asSelf = await request(stack.http).get('/api/users').query({ profiles_id: 'Self-Service', entities_id: 'Sede' }).set(admin);
    expect((asSelf.body.data.items as UserView[]).map((u) => u.name)).toEqual(['ana.lima']);
    const renamed = await request(stack.http).get('/api/projects').query({ users_id: 'Anna Lima' }).set(admin);
    expect(renamed.body.resolved.users_id.id).toBe(id);

    const gone = await request(stack.http).delete(`/api/users/${id}`).set(admin);
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({ tool: 'user_deactivate', id, applied: { is_active: false } });
    const again = await request(stack.http).delete(`/api/users/${id}`).set(admin);
    expect(again.body.applied).toEqual({});
    const active = await request(stack.http).get('/api/users').query({ name: 'ana.lima' }).set(admin);
    expect(active.body.data.total).toBe(0);
    // Found among the deactivated only: the search says so, and how to list them.
    expect(active.body.message).toBe('0 users found. 1 deactivated user matches: send is_active false to list it.');
    const byQuery = await request(stack.http).post('/api/users/search').set(admin).send({ query: 'Anna Lima' });
    expect(byQuery.body.message).toContain('1 deactivated user matches');
    // A login in part, sent as name, which matches whole logins: the search names query.
    const partial = await request(stack.http).post('/api/users/search').set(admin).send({ name: 'maria' });
    expect(partial.body.data.total).toBe(0);
    expect(partial.body.message).toBe(
      "0 users found. name matches a whole login; 1 user matches 'maria' in part of a name, login or email: send query 'maria' to list it.",
    );
    // Nothing matches it in part either: nothing to say.
    const none = await request(stack.http).post('/api/users/search').set(admin).send({ name: 'zzqqxx' });
    expect(none.body.message).toBe('0 users found.');
    const inactive = await request(stack.http).post('/api/users/search').set(admin).send({ name: 'ana.lima', is_active: false });
    expect(inactive.status).toBe(200);
    expect(inactive.body.data.items).toMatchObject([{ id, is_active: false }]);
    const byWord = await request(stack.http).post('/api/users/search').set(admin).send({ name: 'ana.lima', is_active: 'inativo' });
    expect(byWord.body.data.items).toMatchObject([{ id, is_active: false }]);
    // And after a word for "not", its other state: "not active" is false, never "must be true or false".
    for (const notActive of ['not active', 'não ativo', '!active']) {
      const found = await request(stack.http).post('/api/users/search').set(admin).send({ name: 'ana.lima', is_active: notActive });
      expect([notActive, found.status, found.body.data?.items]).toMatchObject([notActive, 200, [{ id, is_active: false }]]);
    }
    const still = await request(stack.http).get(`/api/users/${id}`).query({ fields: 'name,is_active' }).set(admin);
    expect(still.body.data).toEqual({ id, name: 'ana.lima', is_active: false });
  });

  it('answers CONFLICT naming the login when it is taken, case ignored', async () => {
    const res = await request(stack.http).post('/api/users').set(admin).send({ name: 'MARIA.SILVA' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('CONFLICT');
    expect(res.body.error.message).toContain("'MARIA.SILVA'");
  });

  it('answers one CONFLICT naming both a taken login and a taken email', async () => {
    const res = await request(stack.http).post('/api/users').set(admin).send({ name: 'Maria.Silva', email: 'JOAO.SOUZA@example.com' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('CONFLICT');
    expect(res.body.error.message).toContain("login 'Maria.Silva'");
    expect(res.body.error.message).toContain("email 'JOAO.SOUZA@example.com'");
    expect(res.body.error.message).toMatch(/Choose another login and another email\.$/);
  });

  it('answers a profile the caller may not give and a taken login in one refusal, on create and on update', async () => {
    // A profile that manages users and holds fewer rights than a Technician.
    await stack.app
      .get(DataSource)
      .query('INSERT INTO glpi_profiles (name, name_key, interface, rights) VALUES (?, ?, ?, ?)', [
        'User Manager',
        'user manager',
        'central',
        JSON.stringify({ project: [], ticket: ['read', 'create'], user: ['read', 'create', 'update', 'delete'], ticket_scope: 'all' }),
      ]);
    const created = await request(stack.http)
      .post('/api/users')
      .set(admin)
      .send({ name: 'grant.admin', firstname: 'Grant', profiles_id: 'User Manager', entities_id: 'Root entity' });
    expect(created.status).toBe(201);
    const target = await request(stack.http)
      .post('/api/users')
      .set(admin)
      .send({ name: 'grant.target', firstname: 'Target', profiles_id: 'Self-Service', entities_id: 'Root entity' });
    expect(target.status).toBe(201);
    const lesser = { Authorization: `Bearer ${await stack.token('grant.admin', ['api'])}` };

    const create = await request(stack.http)
      .post('/api/users')
      .set(lesser)
      .send({ name: 'MARIA.SILVA', profiles_id: 'Technician', entities_id: 'Root entity' });
    expect(create.status).toBe(403);
    expect(create.body.error.code).toBe('FORBIDDEN');
    expect(create.body.error.message).toContain("You cannot give the profile 'Technician'");
    expect(create.body.error.message).toContain("login 'MARIA.SILVA'");

    const update = await request(stack.http)
      .patch(`/api/users/${target.body.id as number}`)
      .set(lesser)
      .send({ name: 'Tech', profiles_id: 'Technician' });
    expect(update.status).toBe(403);
    expect(update.body.error.code).toBe('FORBIDDEN');
    expect(update.body.error.message).toContain("You cannot give the profile 'Technician'");
    expect(update.body.error.message).toContain("login 'Tech'");
    // On a Super-Admin too (whose taken login otherwise waits for the last-Super-Admin check).
    const superAdmin = await request(stack.http)
      .patch(`/api/users/${await idOf('glpi')}`)
      .set(lesser)
      .send({ name: 'Tech', profiles_id: 'Technician' });
    expect(superAdmin.body.error.code).toBe('FORBIDDEN');
    expect(superAdmin.body.error.message).toContain("login 'Tech'");
    // Nothing was written.
    const unchanged = await request(stack.http)
      .get(`/api/users/${target.body.id as number}`)
      .set(admin);
    expect(unchanged.body.data).toMatchObject({ name: 'grant.target', profiles_id: { name: 'Self-Service' } });

    // Each alone is answered as before.
    const onlyTaken = await request(stack.http)
      .post('/api/users')
      .set(lesser)
      .send({ name: 'MARIA.SILVA', profiles_id: 'Self-Service', entities_id: 'Root entity' });
    expect(onlyTaken.body.error.code).toBe('CONFLICT');
    const onlyForbidden = await request(stack.http)
      .post('/api/users')
      .set(lesser)
      .send({ name: 'fresh.login', profiles_id: 'Technician', entities_id: 'Root entity' });
    expect(onlyForbidden.body.error.code).toBe('FORBIDDEN');
    expect(onlyForbidden.body.error.message).not.toContain('login');
  });

  it('reports every bad field of a call at once', async () => {
    const res = await request(stack.http)
      .post('/api/users')
      .set(admin)
      .send({ name: 'x.y', email: 'not-an-email', timezone: 'Mars/Olympus', fristname: 'X', profiles_id: 'Tecnico' });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    const issues = res.body.error.issues as IssueBody[];
    const by = (field: string) => issues.find((i) => i.field === field);
    expect(by('email')).toMatchObject({ code: 'INVALID_VALUE' });
    expect(by('timezone')).toMatchObject({ code: 'INVALID_VALUE' });
    expect(by('fristname')).toMatchObject({ code: 'UNKNOWN_FIELD', did_you_mean: 'firstname' });
    expect(by('profiles_id')).toMatchObject({ code: 'REFERENCE_NOT_FOUND' });
    expect(by('profiles_id')!.available).toEqual(expect.arrayContaining(['Technician', 'Self-Service']));
    expect(issues).toHaveLength(4);
    const none = await request(stack.http).get('/api/users').query({ name: 'x.y', is_active: 'false' }).set(admin);
    expect(none.body.data.total).toBe(0);
  });

  it('answers NOT_FOUND for an unknown id on every route', async () => {
    for (const res of [
      await request(stack.http).get('/api/users/999999').set(admin),
      await request(stack.http).patch('/api/users/999999').set(admin).send({ phone: '1' }),
      await request(stack.http).delete('/api/users/999999').set(admin),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
    // A path that is not a number is a name: resolved like any reference, with a suggestion when close.
    const bad = await request(stack.http).patch('/api/users/maria.silv').set(admin).send({ phone: '1' });
    expect(bad.status).toBe(422);
    expect(bad.body.error.issues[0]).toMatchObject({ field: 'id', code: 'REFERENCE_NOT_FOUND', did_you_mean: 'maria.silva' });
    const byLogin = await request(stack.http).get('/api/users/maria.silva').set(admin);
    expect(byLogin.body.data.name).toBe('maria.silva');
  });

  it('refuses to deactivate the caller', async () => {
    const res = await request(stack.http)
      .delete(`/api/users/${await idOf('glpi')}`)
      .set(admin);
    expect(res.status).toBe(422);
    expect(res.body.error.issues[0]).toMatchObject({ field: 'id', code: 'INVALID_VALUE' });
  });

  it('pages with a cursor through every row once', async () => {
    for (let i = 1; i <= 5; i++) {
      const res = await request(stack.http)
        .post('/api/users')
        .set(admin)
        .send({ name: `pager.${i}`, firstname: 'Pager', realname: `N${i}` });
      expect(res.status).toBe(201);
    }
    const all = await request(stack.http).get('/api/users').query({ limit: 100, sort: '-date_mod' }).set(admin);
    const expected = (all.body.data.items as UserView[]).map((u) => u.id);
    const seen: number[] = [];
    let cursor: string | undefined;
    do {
      const res = await request(stack.http)
        .get('/api/users')
        .query({ limit: 2, sort: '-date_mod', ...(cursor ? { cursor } : {}) })
        .set(admin);
      expect(res.status).toBe(200);
      expect(res.body.data.total).toBe(expected.length);
      seen.push(...(res.body.data.items as UserView[]).map((u) => u.id));
      cursor = res.body.data.next_cursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(expected);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('shows a caller only the users assigned in the entities they see, or recursively above them', async () => {
    const joao = await idOf('joao.souza');
    const maria = await idOf('maria.silva');
    const normal = { Authorization: `Bearer ${await stack.token('normal', ['api'])}` };
    const hidden = await request(stack.http).get(`/api/users/${joao}`).set(normal);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.code).toBe('NOT_FOUND');
    expect((await request(stack.http).get(`/api/users/${maria}`).set(normal)).status).toBe(200);
    const list = await request(stack.http).get('/api/users').set(normal);
    const names = (list.body.data.items as UserView[]).map((u) => u.name);
    expect(names).toEqual(expect.arrayContaining(['maria.silva', 'normal']));
    expect(names).not.toContain('joao.souza');
    // glpi and tech hold recursive profiles on Root entity, above Sede: GLPI lists them there too.
    expect(names).toEqual(expect.arrayContaining(['glpi', 'tech']));

    const selfService = { Authorization: `Bearer ${await stack.token('joao.souza', ['api'])}` };
    const refused = await request(stack.http).get('/api/users').set(selfService);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');
    const readOnly = await request(stack.http).post('/api/users').set(normal).send({ name: 'sneaky' });
    expect(readOnly.status).toBe(403);
  });

  it('offers the same tools over MCP, with dry runs that write nothing', async () => {
    const client = await connectHttp(stack.url, await stack.token('glpi', ['mcp']));
    try {
      const tools = (await client.listTools()).tools.filter((t) => t.name.startsWith('user_'));
      expect(tools.map((t) => t.name).sort()).toEqual(['user_create', 'user_deactivate', 'user_get', 'user_search', 'user_update']);
      const deactivate = foundIn(
        tools.find((t) => t.name === 'user_deactivate'),
        'user_deactivate',
      );
      expect(deactivate.annotations).toMatchObject({ destructiveHint: true, readOnlyHint: false });
      expect(deactivate.description).toContain('user_update');

      const session_id = await openSession(client, 'user');
      const found = success(await callTool(client, 'user_search', { domain: 'user', session_id, query: 'silva' }));
      expect(itemNames(found)).toEqual(['maria.silva']);

      const dry = success(
        await callTool(client, 'user_create', {
          domain: 'user',
          session_id,
          name: 'dry.run',
          entities_id: 'Filial Porto',
          timezone: 'europe/lisbon',
          dry_run: true,
        }),
      );
      expect(dry).toMatchObject({ dry_run: true, applied: { name: 'dry.run', timezone: 'Europe/Lisbon', is_active: true } });
      expect(typeof dry.applied!.profiles_id).toBe('number');
      const none = success(await callTool(client, 'user_search', { domain: 'user', session_id, name: 'dry.run', is_active: false }));
      expect((none.data as { total: number }).total).toBe(0);

      // A login sent as `login` beside a full name sent as `name` (the login here): which is which is said, nothing is guessed.
      const both = failure(
        await callTool(client, 'user_create', { domain: 'user', session_id, login: 'ana.costa', name: 'Ana Costa', dry_run: true }),
        'VALIDATION_FAILED',
      );
      expect(both.error.issues).toEqual([
        {
          field: 'login',
          code: 'UNKNOWN_FIELD',
          received: 'ana.costa',
          message:
            "Unknown field 'login': here it is name, which this call also sends ('Ana Costa'). Send in name the value it is to hold, once. name: Login, unique.",
        },
      ]);

      const cleared = failure(await callTool(client, 'user_update', { domain: 'user', session_id, id: 999999, phone: null }), 'NOT_FOUND');
      expect(cleared.error.message).toContain('999999');
      const badNull = failure(
        await callTool(client, 'user_update', { domain: 'user', session_id, id: (found.data as { items: UserView[] }).items[0].id, name: null }),
        'VALIDATION_FAILED',
      );
      expect(badNull.error.issues).toMatchObject([{ field: 'name', code: 'INVALID_TYPE' }]);
    } finally {
      await client.close();
    }
  });
  it("takes one of GLPI's languages, by its code or its name, and refuses any other with the closest ones", async () => {
    const client = await connectHttp(stack.url, await stack.token('glpi', ['mcp']));
    try {
      const session_id = await openSession(client, 'user');
      const create = (language: string) => callTool(client, 'user_create', { domain: 'user', session_id, name: 'lang.test', language, dry_run: true });
      for (const [language, code] of [
        ['pt_BR', 'pt_BR'],
        ['pt-br', 'pt_BR'],
        ['Português do Brasil', 'pt_BR'],
        ['Portuguese (Brazil)', 'pt_BR'],
        ['português brasileiro', 'pt_BR'],
        ['en_GB', 'en_GB'],
        ['English', 'en_GB'],
        ['Inglês (EUA)', 'en_US'],
        ['Deutsch', 'de_DE'],
        ['Alemão', 'de_DE'],
      ]) {
        expect([language, success(await create(language)).applied?.language]).toEqual([language, code]);
      }
      for (const language of ['xx_YY', 'klingon', 'pt_XX']) {
        const refused = failure(await create(language), 'VALIDATION_FAILED');
        expect(refused.error.issues).toHaveLength(1);
        expect(refused.error.issues![0]).toMatchObject({ field: 'language', code: 'INVALID_VALUE', received: language });
        expect(refused.error.issues![0].available).toEqual(expect.arrayContaining(['pt_BR', 'en_GB']));
      }
      // The closest codes come first: a code of the same language before any other.
      const near = failure(await create('pt_XX'), 'VALIDATION_FAILED').error.issues![0];
      expect(near.available!.slice(0, 2).sort()).toEqual(['pt_BR', 'pt_PT']);
      expect(failure(await create('Portugese (Brazil)'), 'VALIDATION_FAILED').error.issues![0]).toMatchObject({ did_you_mean: 'pt_BR' });
      expect(failure(await create('klingon'), 'VALIDATION_FAILED').error.issues![0].did_you_mean).toBeUndefined();
    } finally {
      await client.close();
    }
  });

  it('lets a user be changed or deactivated only by a caller with rights in all of their entities (GLPI), however far they are seen', async () => {
    const created = await request(stack.http).post('/api/users').set(admin).send({ name: 'admin.sede', profiles_id: 'Admin', entities_id: 'Sede' });
    expect(created.status).toBe(201);
    const sede = { Authorization: `Bearer ${await stack.token('admin.sede', ['api'])}` };
    // tech's profile is on Root entity (recursive): seen from Sede, never changed from there.
    for (const [method, path, body] of [
      ['patch', '/api/users/tech', { phone: '+55 00 0000-0000', dry_run: true }],
      ['patch', '/api/users/glpi', { entities_id: 'Sede', dry_run: true }],
      ['delete', '/api/users/tech', undefined],
    ] as const) {
      const res = await request(stack.http)[method](path).set(sede).send(body);
      expect([method, path, res.status, res.body.error?.code]).toEqual([method, path, 403, 'FORBIDDEN']);
      expect(res.body.error.message).toContain('Root entity');
    }
    expect((await request(stack.http).get('/api/users/tech').set(admin)).body.data.is_active).toBe(true);
    // A user of Sede alone is theirs to change.
    const normal = await request(stack.http).patch('/api/users/normal').set(sede).send({ phone: '+55 11 1111-1111', dry_run: true });
    expect(normal.status).toBe(200);
  });
});
