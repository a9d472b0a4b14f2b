import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import request from 'supertest';
import { DATABASES } from './support/databases.js';
import { callTool, connectHttp, failure, openSession, success } from './support/mcp-client.js';
import { startStack, type TestStack } from './support/test-app.js';

type Actor = { type: 'user' | 'group'; id: number; name: string };
type Ticket = Record<string, unknown> & {
  id: number;
  requesters: Actor[];
  observers: Actor[];
  assignees: Actor[];
  overdue: boolean;
  time_to_resolve_remaining: string | null;
};
type Page = { items: Ticket[]; total: number };

const names = (actors: Actor[]) => actors.map((a) => `${a.type}:${a.name}`);

/** Several requesters, observers and assignees (users and groups), `mine`, and deadlines. */
describe.each(DATABASES)('ticket actors and deadlines on %s', (kind) => {
  let stack: TestStack;
  let admin: Client;
  let tech: Client;
  let selfService: Client;
  let session: string;
  let techSession: string;
  let selfSession: string;
  let ticketId: number;

  beforeAll(async () => {
    stack = await startStack(kind);
    admin = await connectHttp(stack.url, await stack.token('glpi', ['mcp']));
    tech = await connectHttp(stack.url, await stack.token('tech', ['mcp']));
    selfService = await connectHttp(stack.url, await stack.token('post-only', ['mcp']));
    session = await openSession(admin, 'ticket');
    techSession = await openSession(tech, 'ticket');
    selfSession = await openSession(selfService, 'ticket');
  });
  afterAll(async () => {
    await Promise.all([admin?.close(), tech?.close(), selfService?.close()]);
    await stack?.close();
  });

  const call = (client: Client, tool: string, args: Record<string, unknown>, ses = session) =>
    callTool(client, tool, { domain: 'ticket', session_id: ses, ...args });

  it('opens a ticket with lists that take user and group names, and shows every actor', async () => {
    const res = success(
      await call(admin, 'ticket_create', {
        name: 'Servidor de arquivos lento',
        requesters: ['maria.silva', 'João Souza'],
        observers: ['normal'],
        assignees: ['tech', 'Service Desk'],
        time_to_resolve: '2020-01-01 10:00',
        date: '2019-12-31 10:00',
      }),
    );
    ticketId = Number(res.id);
    const data = res.data as Ticket;
    expect(names(data.requesters)).toEqual(['user:maria.silva', 'user:joao.souza']);
    expect(names(data.observers)).toEqual(['user:normal']);
    expect(names(data.assignees)).toEqual(['user:tech', 'group:Service Desk']);
    // The single-value fields are the first of their role; assigning makes it Processing (assigned).
    expect(data.requester_id).toMatchObject({ name: 'maria.silva' });
    expect(data.assignee_id).toMatchObject({ name: 'tech' });
    expect(data.assignee_group_id).toMatchObject({ name: 'Service Desk' });
    expect(data.status).toMatchObject({ id: 2 });
    expect(res.applied).toMatchObject({ assignees: [{ type: 'user' }, { type: 'group' }] });
    expect(res.resolved).toMatchObject({ 'assignees[1]': { input: 'Service Desk', name: 'Service Desk', type: 'group' } });
    // The deadline is long past and the ticket is open.
    expect(data.overdue).toBe(true);
    expect(data.time_to_resolve_remaining).toMatch(/^-\d+d/);
  });

  it('adds and removes actors without replacing the list, and replaces it when asked', async () => {
    const added = success(
      await call(admin, 'ticket_update', { id: ticketId, add_observers: ['tech', { group: 'Infraestrutura' }], remove_assignees: ['Service Desk'] }),
    );
    const data = added.data as Ticket;
    expect(names(data.observers)).toEqual(['user:normal', 'user:tech', 'group:Infraestrutura']);
    expect(names(data.assignees)).toEqual(['user:tech']);
    expect(data.assignee_group_id).toBeNull();
    const replaced = success(await call(admin, 'ticket_update', { id: ticketId, requesters: ['glpi'] })).data as Ticket;
    expect(names(replaced.requesters)).toEqual(['user:glpi']);
    expect(names(replaced.observers)).toHaveLength(3);
  });

  it('refuses contradictory or unknown actors in one aggregated error', async () => {
    const error = failure(
      await call(admin, 'ticket_update', {
        id: ticketId,
        assignees: ['tech'],
        add_assignees: ['glpi'],
        add_observers: ['Ninguém Existe'],
        remove_observers: [{ user: 'tech' }],
      }),
      'VALIDATION_FAILED',
    ).error;
    const byField = Object.fromEntries(error.issues!.map((i) => [i.field, i.code]));
    expect(byField).toMatchObject({ assignees: 'INVALID_VALUE', 'add_observers[0]': 'REFERENCE_NOT_FOUND' });
    const tooMany = failure(
      await call(admin, 'ticket_update', { id: ticketId, add_observers: Array.from({ length: 21 }, (_, i) => i + 1) }),
      'VALIDATION_FAILED',
    );
    expect(tooMany.error.issues![0]).toMatchObject({ field: 'add_observers', code: 'TOO_LONG' });
  });

  it('reads a list of actors written as one text, and names each part that is no actor', async () => {
    const dry = success(
      await call(admin, 'ticket_create', { name: 'Impressora sem toner', observers: 'normal, João Souza', assignees: 'tech e Service Desk', dry_run: true }),
    );
    expect(dry.applied).toMatchObject({
      observers: [
        { type: 'user', id: expect.any(Number) },
        { type: 'user', id: expect.any(Number) },
      ],
      assignees: [{ type: 'user' }, { type: 'group' }],
    });
    expect(dry.resolved).toMatchObject({
      'observers[1]': { input: 'João Souza', name: 'joao.souza' },
      'assignees[1]': { input: 'Service Desk', type: 'group' },
    });
    // One part is no actor: that part is answered, under its place in the list.
    const partly = failure(
      await call(admin, 'ticket_create', { name: 'Impressora sem toner', observers: 'normal; Ninguém Existe', dry_run: true }),
      'VALIDATION_FAILED',
    );
    expect(partly.error.issues).toEqual([expect.objectContaining({ field: 'observers[1]', code: 'REFERENCE_NOT_FOUND', received: 'Ninguém Existe' })]);
    // A name with a comma in it whose parts are no actor either stays one name not found.
    const whole = failure(
      await call(admin, 'ticket_create', { name: 'Impressora sem toner', observers: 'Existe, Ninguém', dry_run: true }),
      'VALIDATION_FAILED',
    );
    expect(whole.error.issues).toEqual([expect.objectContaining({ field: 'observers', code: 'REFERENCE_NOT_FOUND', received: 'Existe, Ninguém' })]);
  });

  it('makes a ticket New again when its last assignee is removed, as GLPI does, unless it is solved or closed or status is given', async () => {
    type Changed = { applied: Record<string, unknown>; data: Ticket & { status: { id: number; name: string } } };
    const update = async (id: number, args: Record<string, unknown>) => success(await call(admin, 'ticket_update', { id, ...args })) as unknown as Changed;
    const id = Number(success(await call(admin, 'ticket_create', { name: 'Sem responsável', assignees: ['tech', 'Service Desk'] })).id);
    // One assignee left: still assigned.
    const one = await update(id, { remove_assignees: ['tech'] });
    expect([one.data.status.id, one.applied]).toEqual([2, { remove_assignees: [{ id: 2, type: 'user' }] }]);
    // The last one removed: New, and the answer says so.
    const none = await update(id, { remove_assignees: ['Service Desk'] });
    expect([none.data.status, none.applied.status]).toEqual([{ id: 1, name: 'New' }, 1]);
    // Pending too, by a cleared field or an emptied list.
    await update(id, { assignee_id: 'tech' });
    expect((await update(id, { status: 'pending' })).data.status.id).toBe(4);
    expect((await update(id, { assignee_id: null })).data.status).toEqual({ id: 1, name: 'New' });
    await update(id, { assignees: ['tech'] });
    expect((await update(id, { assignees: [] })).data.status.id).toBe(1);
    // A status sent with the removal is the one kept.
    await update(id, { assignees: ['tech'] });
    const kept = await update(id, { remove_assignees: ['tech'], status: 'pending' });
    expect([kept.data.status.id, kept.data.assignees]).toEqual([4, []]);
    // A solved ticket stays solved.
    await update(id, { assignees: ['tech'], status: 'solved' });
    expect((await update(id, { assignees: [] })).data.status.id).toBe(5);
    // Out of the counts the other cases make.
    success(await call(admin, 'ticket_delete', { id }));
  });

  it('suggests the list field for a list sent under another name of a single-value field', async () => {
    const error = failure(await call(admin, 'ticket_create', { name: 'Wi-Fi instável', assigned_to: ['tech', 'Service Desk'] }), 'VALIDATION_FAILED').error;
    expect(error.issues).toEqual([expect.objectContaining({ field: 'assigned_to', code: 'UNKNOWN_FIELD', did_you_mean: 'assignees' })]);
  });

  it('mine and observer_id find tickets by the caller and by observer', async () => {
    const mine = success(await call(tech, 'ticket_search', { mine: 'observer' }, techSession)).data as Page;
    expect(mine.items.map((t) => t.id)).toContain(ticketId);
    const assigned = success(await call(tech, 'ticket_search', { mine: 'assignee', fields: ['name'] }, techSession)).data as Page;
    expect(assigned.items.map((t) => t.id)).toContain(ticketId);
    const byObserver = success(await call(admin, 'ticket_search', { observer_id: 'joao.souza' })).data as Page;
    expect(byObserver.items.map((t) => t.name)).toEqual(['Erro ao abrir o ERP']);
  });

  it('reads mine: true, "yes" and "my tickets" ("meus chamados") as mine in any role, and refuses mine: false with the roles', async () => {
    const ids = async (mine: unknown) => (success(await call(tech, 'ticket_search', { mine, limit: 100 }, techSession)).data as Page).items.map((t) => t.id);
    const any = await ids('any');
    expect(any.length).toBeGreaterThan(0);
    for (const said of [true, 'true', 'yes', 'sim', 'my tickets', 'meus chamados', 'meus', 'minhas']) expect([said, await ids(said)]).toEqual([said, any]);
    const refused = failure(await call(tech, 'ticket_search', { mine: false }, techSession), 'VALIDATION_FAILED');
    expect(refused.error.issues).toEqual([
      expect.objectContaining({ field: 'mine', code: 'INVALID_TYPE', available: ['requester', 'assignee', 'observer', 'any'] }),
    ]);
  });

  it('finds the tickets with no assigned user, or no assigned group, by null or a word for none', async () => {
    const all = (success(await call(admin, 'ticket_search', { limit: 100 })).data as Page).items;
    const withoutUser = all.filter((t) => !t.assignees.some((a) => a.type === 'user')).map((t) => t.id);
    const withoutGroup = all.filter((t) => !t.assignees.some((a) => a.type === 'group')).map((t) => t.id);
    const unassigned = all.filter((t) => t.assignees.length === 0).map((t) => t.id);
    expect(withoutUser.length).toBeGreaterThan(0);
    expect(withoutUser.length).toBeLessThan(all.length);
    const ids = async (args: Record<string, unknown>) =>
      (success(await call(admin, 'ticket_search', { limit: 100, ...args })).data as Page).items.map((t) => t.id).sort((a, b) => a - b);
    for (const none of [null, 'none', 'Unassigned', 'ninguém', 'sem responsável']) {
      expect([none, await ids({ assignee_id: none })]).toEqual([none, [...withoutUser].sort((a, b) => a - b)]);
    }
    expect(await ids({ assignee_group_id: 'nenhum' })).toEqual([...withoutGroup].sort((a, b) => a - b));
    expect(await ids({ assignee_id: 'none', assignee_group_id: null })).toEqual([...unassigned].sort((a, b) => a - b));
    // The answer says what the word was taken for; a count groups them too.
    const answer = success(await call(admin, 'ticket_search', { assignee_id: 'nobody' }));
    expect(answer.resolved).toMatchObject({ assignee_id: { input: 'nobody', id: 0, name: 'none' } });
    const counted = success(await call(admin, 'ticket_search', { assignee_id: null, group_by: 'status' })).data as { count: number };
    expect(counted.count).toBe(withoutUser.length);
    // A user who goes by such a word is that user, not none.
    const users = await openSession(admin, 'user');
    success(await callTool(admin, 'user_create', { domain: 'user', session_id: users, name: 'nobody', profiles_id: 'Technician', entities_id: 'Root entity' }));
    const byLogin = success(await call(admin, 'ticket_search', { requester_id: 'nobody', limit: 100 }));
    expect(byLogin.resolved).toMatchObject({ requester_id: { name: 'nobody', id: expect.any(Number) } });
    expect((byLogin.data as Page).total).toBe(0);
    // A write's actor field still takes a real actor: null there keeps its own meaning (clears it), and the word is told so.
    const refused = failure(await call(admin, 'ticket_create', { name: 'x', assignee_id: 'none', dry_run: true }), 'VALIDATION_FAILED');
    expect(refused.error.issues).toEqual([
      { field: 'assignee_id', code: 'INVALID_VALUE', received: 'none', message: "'none' names no one: to clear assignee_id, send null." },
    ]);
  });

  it('finds the tickets with an assigned user, or an assigned group, by a word for anyone', async () => {
    const all = (success(await call(admin, 'ticket_search', { limit: 100 })).data as Page).items;
    const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
    const withUser = sorted(all.filter((t) => t.assignees.some((a) => a.type === 'user')).map((t) => t.id));
    const withGroup = sorted(all.filter((t) => t.assignees.some((a) => a.type === 'group')).map((t) => t.id));
    expect(withUser.length).toBeGreaterThan(0);
    expect(withUser.length).toBeLessThan(all.length);
    const ids = async (args: Record<string, unknown>) =>
      sorted((success(await call(admin, 'ticket_search', { limit: 100, ...args })).data as Page).items.map((t) => t.id));
    for (const anyone of ['anyone', 'Someone', 'alguém', 'qualquer um']) {
      expect([anyone, await ids({ assignee_id: anyone })]).toEqual([anyone, withUser]);
    }
    expect(await ids({ assignee_group_id: 'any' })).toEqual(withGroup);
    const answer = success(await call(admin, 'ticket_search', { assignee_id: 'anybody' }));
    expect(answer.resolved).toMatchObject({ assignee_id: { input: 'anybody', name: 'anyone' } });
    const counted = success(await call(admin, 'ticket_search', { assignee_id: 'anyone', group_by: 'status' })).data as { count: number };
    expect(counted.count).toBe(withUser.length);
    // A write's actor is one record: a word for anyone names none.
    const refused = failure(await call(admin, 'ticket_create', { name: 'x', assignee_id: 'anyone', dry_run: true }), 'VALIDATION_FAILED');
    expect(refused.error.issues).toEqual([expect.objectContaining({ field: 'assignee_id', code: 'REFERENCE_NOT_FOUND' })]);
  });

  it('finds the tickets without an actor by a word or sign for not before its name', async () => {
    const all = (success(await call(admin, 'ticket_search', { limit: 100 })).data as Page).items;
    const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
    const without = (type: Actor['type'], name: string) =>
      sorted(all.filter((t) => !t.assignees.some((a) => a.type === type && a.name === name)).map((t) => t.id));
    const withTech = all.filter((t) => t.assignees.some((a) => a.type === 'user' && a.name === 'tech'));
    expect(withTech.length).toBeGreaterThan(0);
    expect(withTech.length).toBeLessThan(all.length);
    const ids = async (args: Record<string, unknown>) =>
      sorted((success(await call(admin, 'ticket_search', { limit: 100, ...args })).data as Page).items.map((t) => t.id));
    // Unassigned tickets are among those not assigned to tech.
    for (const notTech of [
      'not tech',
      'NOT Tech Support',
      '!tech',
      '!= tech',
      'except tech',
      'exceto tech',
      'menos tech',
      'não tech',
      { not: 'tech' },
      { $ne: 2 },
    ]) {
      expect([notTech, await ids({ assignee_id: notTech })]).toEqual([notTech, without('user', 'tech')]);
    }
    expect(await ids({ assignee_id: 'not me' })).toEqual(without('user', 'glpi'));
    expect(await ids({ assignee_group_id: 'not Service Desk' })).toEqual(without('group', 'Service Desk'));
    // Not none is anyone, and not anyone is none.
    expect(await ids({ assignee_id: 'not none' })).toEqual(await ids({ assignee_id: 'anyone' }));
    expect(await ids({ assignee_id: 'not anyone' })).toEqual(await ids({ assignee_id: 'none' }));
    const answer = success(await call(admin, 'ticket_search', { assignee_id: 'not tech', fields: ['id'] }));
    expect(answer.resolved).toMatchObject({ assignee_id: { input: 'not tech', id: 2, name: 'tech', not: true } });
    const counted = success(await call(admin, 'ticket_search', { assignee_id: '!tech', group_by: 'status' })).data as { count: number };
    expect(counted.count).toBe(without('user', 'tech').length);
    // A name not found after the word is refused, its suggestion kept after the word: the name alone
    // is the one not meant.
    const missing = failure(await call(admin, 'ticket_search', { assignee_id: 'not nobody-here' }), 'VALIDATION_FAILED');
    expect(missing.error.issues).toEqual([expect.objectContaining({ field: 'assignee_id', code: 'REFERENCE_NOT_FOUND', received: 'not nobody-here' })]);
    const misspelt = failure(await call(admin, 'ticket_search', { assignee_id: '!mariaa.silva' }), 'VALIDATION_FAILED');
    expect(misspelt.error.issues).toEqual([
      expect.objectContaining({ field: 'assignee_id', code: 'REFERENCE_NOT_FOUND', received: '!mariaa.silva', did_you_mean: 'not maria.silva' }),
    ]);
    expect(misspelt.error.issues?.[0].message).toContain("Did you mean 'not maria.silva'?");
    expect(misspelt.error.issues?.[0].message).not.toContain("'maria.silva'");
    // Several names after it are each left out: the tickets with none of them, however written.
    const requesters = [...new Set(all.flatMap((t) => t.requesters.filter((a) => a.type === 'user').map((a) => a.name)))];
    expect(requesters.length).toBeGreaterThan(1);
    const [first, second] = requesters;
    const neither = sorted(all.filter((t) => !t.requesters.some((a) => a.type === 'user' && (a.name === first || a.name === second))).map((t) => t.id));
    for (const sent of [
      `not ${first} and not ${second}`,
      `exceto ${first}, ${second}`,
      `nem ${first} nem ${second}`,
      `neither ${first} nor ${second}`,
      { not: [first, second] },
      { $nin: [first, second] },
      [`!${first}`, `not ${second}`],
    ]) {
      expect([sent, await ids({ requester_id: sent })]).toEqual([sent, neither]);
    }
    const both = success(await call(admin, 'ticket_search', { requester_id: `!${first} and !${second}`, fields: ['id'] }));
    expect(both.resolved).toMatchObject({ requester_id: { input: `!${first} and !${second}`, names: [first, second], not: true } });
    // Several names without "not" are any of them: the tickets with either, however written (it was
    // refused, "call once for each").
    const either = sorted(all.filter((t) => t.requesters.some((a) => a.type === 'user' && (a.name === first || a.name === second))).map((t) => t.id));
    expect(either.length).toBeGreaterThan(1);
    for (const sent of [`${first} or ${second}`, `${first}, ${second}`, `${first} ou ${second}`, [first, second], { in: [first, second] }]) {
      expect([sent, await ids({ requester_id: sent })]).toEqual([sent, either]);
    }
    const any = success(await call(admin, 'ticket_search', { requester_id: [first, second], fields: ['id'] }));
    expect(any.resolved).toEqual({ requester_id: { input: [first, second], ids: expect.any(Array), names: [first, second] } });
    const oneMissing = failure(await call(admin, 'ticket_search', { assignee_id: ['tech', 'mariaa.silva'] }), 'VALIDATION_FAILED');
    expect(oneMissing.error.issues?.[0]).toMatchObject({ field: 'assignee_id', code: 'REFERENCE_NOT_FOUND' });
    expect(oneMissing.error.issues?.[0].message).toContain(
      "takes any of the 2 named in '[\"tech\",\"mariaa.silva\"]', and 'mariaa.silva' is not found (did you mean 'maria.silva'?)",
    );
    expect(oneMissing.error.issues?.[0].did_you_mean).toBeUndefined();
    // One of them not found is named with its own hint, and no value is suggested for the whole.
    const several = failure(await call(admin, 'ticket_search', { assignee_id: 'not tech and not mariaa.silva' }), 'VALIDATION_FAILED');
    expect(several.error.issues).toEqual([
      expect.objectContaining({ field: 'assignee_id', code: 'REFERENCE_NOT_FOUND', received: 'not tech and not mariaa.silva' }),
    ]);
    expect(several.error.issues?.[0].did_you_mean).toBeUndefined();
    expect(several.error.issues?.[0].message).toContain("'mariaa.silva' is not found (did you mean 'maria.silva'?)");
    // A write's actor is one record: "not tech" names none.
    const refused = failure(await call(admin, 'ticket_create', { name: 'x', assignee_id: 'not tech', dry_run: true }), 'VALIDATION_FAILED');
    expect(refused.error.issues).toEqual([expect.objectContaining({ field: 'assignee_id', code: 'REFERENCE_NOT_FOUND' })]);
  });

  it('finds the tickets with the actors a list names and without those it names after "not"', async () => {
    success(await call(admin, 'ticket_create', { name: 'Pedido de duas pessoas', requesters: ['maria.silva', 'joao.souza'] }));
    const all = (success(await call(admin, 'ticket_search', { limit: 100 })).data as Page).items;
    const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
    const requested = (t: Ticket, name: string) => t.requesters.some((a) => a.type === 'user' && a.name === name);
    const ids = async (args: Record<string, unknown>) =>
      sorted((success(await call(admin, 'ticket_search', { limit: 100, ...args })).data as Page).items.map((t) => t.id));
    const mariaAlone = sorted(all.filter((t) => requested(t, 'maria.silva') && !requested(t, 'joao.souza')).map((t) => t.id));
    expect(mariaAlone.length).toBeGreaterThan(0);
    expect(mariaAlone.length).toBeLessThan(all.filter((t) => requested(t, 'maria.silva')).length);
    for (const sent of [
      'maria.silva, not joao.souza',
      'maria.silva and !joao.souza',
      'Maria Silva; exceto João Souza',
      ['maria.silva', 'not joao.souza'],
      ['maria.silva', '!6'],
    ]) {
      expect([sent, await ids({ requester_id: sent })]).toEqual([sent, mariaAlone]);
    }
    const answer = success(await call(admin, 'ticket_search', { requester_id: 'maria.silva, not joao.souza', fields: ['id'] }));
    expect(answer.resolved).toEqual({
      requester_id: { input: 'maria.silva, not joao.souza', ids: [5], names: ['maria.silva'], except: { ids: [6], names: ['joao.souza'] } },
    });
    const counted = success(await call(admin, 'ticket_search', { requester_id: 'maria.silva, !joao.souza', group_by: 'status' })).data as { count: number };
    expect(counted.count).toBe(mariaAlone.length);
    // A column's list: the records named, none of those after "not".
    expect(await ids({ itilcategories_id: 'Hardware, Rede, not Rede' })).toEqual(await ids({ itilcategories_id: 'Hardware' }));
    // A name not found, after "not" or not, is named with its own hint, the hint after "not" when the name was.
    const misspelt = failure(await call(admin, 'ticket_search', { requester_id: 'maria.silva, not joao.sousa' }), 'VALIDATION_FAILED');
    expect(misspelt.error.issues).toEqual([
      expect.objectContaining({ field: 'requester_id', code: 'REFERENCE_NOT_FOUND', received: 'maria.silva, not joao.sousa' }),
    ]);
    expect(misspelt.error.issues?.[0].did_you_mean).toBeUndefined();
    expect(misspelt.error.issues?.[0].message).toContain(
      "requester_id takes any of the 2 named in 'maria.silva, not joao.sousa', leaving out those after 'not', and 'not joao.sousa' is not found (did you mean 'not joao.souza'?)",
    );
  });

  it('finds the tickets without a category, a location or an entity by a word or sign for not before its name', async () => {
    type Named = { id: number; name: string } | null;
    const all = (success(await call(admin, 'ticket_search', { limit: 100 })).data as Page).items;
    const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
    const without = (field: string, name: string) => sorted(all.filter((t) => (t[field] as Named)?.name !== name).map((t) => t.id));
    const ids = async (args: Record<string, unknown>) =>
      sorted((success(await call(admin, 'ticket_search', { limit: 100, ...args })).data as Page).items.map((t) => t.id));
    const notHardware = without('itilcategories_id', 'Hardware');
    expect(notHardware.length).toBeGreaterThan(0);
    expect(notHardware.length).toBeLessThan(all.length);
    // Tickets without a category are among those not in Hardware.
    expect(all.some((t) => t.itilcategories_id === null && notHardware.includes(t.id))).toBe(true);
    for (const sent of ['not Hardware', '!hardware', 'exceto Hardware', { not: 'Hardware' }, { $ne: 1 }]) {
      expect([sent, await ids({ itilcategories_id: sent })]).toEqual([sent, notHardware]);
    }
    // Several categories are any of them, as text or list (it was refused, "call once for each").
    const inEither = sorted(all.filter((t) => ['Hardware', 'Rede'].includes((t.itilcategories_id as Named)?.name ?? '')).map((t) => t.id));
    expect(inEither.length).toBeGreaterThan(1);
    const rede = all.map((t) => t.itilcategories_id as Named).find((c) => c?.name === 'Rede')!.id;
    for (const sent of ['Hardware, Rede', 'Hardware ou Rede', ['Hardware', 'Rede'], ['hardware', rede], { in: ['Hardware', 'Rede'] }]) {
      expect([sent, await ids({ itilcategories_id: sent })]).toEqual([sent, inEither]);
    }
    expect(await ids({ locations_id: 'not Sede > Andar 2' })).toEqual(without('locations_id', 'Sede > Andar 2'));
    // Several left out: the tickets in none of them, those without a category included.
    const neither = notHardware.filter((id) => without('itilcategories_id', 'Software').includes(id));
    expect(neither.length).toBeLessThan(notHardware.length);
    for (const sent of ['not Hardware and not Software', { not: ['Hardware', 'Software'] }, ['!Hardware', 'exceto Software']]) {
      expect([sent, await ids({ itilcategories_id: sent })]).toEqual([sent, neither]);
    }
    expect(await ids({ entities_id: '!Root entity' })).toEqual(without('entities_id', 'Root entity'));
    const answer = success(await call(admin, 'ticket_search', { itilcategories_id: 'not Hardware', fields: ['id'] }));
    expect(answer.resolved).toMatchObject({ itilcategories_id: { input: 'not Hardware', id: 1, name: 'Hardware', not: true } });
    const counted = success(await call(admin, 'ticket_search', { itilcategories_id: '!Hardware', group_by: 'category' })).data as { count: number };
    expect(counted.count).toBe(notHardware.length);
    // A word for none after "not" is a name here: no category is called "none".
    const refused = failure(await call(admin, 'ticket_search', { itilcategories_id: 'not none' }), 'VALIDATION_FAILED');
    expect(refused.error.issues).toEqual([expect.objectContaining({ field: 'itilcategories_id', code: 'REFERENCE_NOT_FOUND' })]);
  });

  it('overdue filters open tickets past their deadline and tickets solved late', async () => {
    const overdue = success(await call(admin, 'ticket_search', { overdue: true, fields: ['overdue'] })).data as Page;
    expect(overdue.items.length).toBeGreaterThan(0);
    expect(overdue.items.every((t) => t.overdue)).toBe(true);
    expect(overdue.items.map((t) => t.id)).toContain(ticketId);
    const onTime = success(await call(admin, 'ticket_search', { overdue: false, limit: 100 })).data as Page;
    expect(onTime.items.some((t) => t.overdue)).toBe(false);
    expect(onTime.total + overdue.total).toBe((success(await call(admin, 'ticket_search', {})).data as Page).total);
  });

  it("assigns only users who take charge of tickets in the ticket's entity, and adds only active users; actors already there are kept", async () => {
    const api = { Authorization: `Bearer ${await stack.token('glpi', ['api'])}` };
    // Ticket 3 (Erro ao abrir o ERP) is in Sede; joao.souza is Self-Service in Filial Porto.
    const erp = 3;
    const selfServiceAssignee = failure(await call(admin, 'ticket_update', { id: erp, assignee_id: 'joao.souza', dry_run: true }), 'VALIDATION_FAILED');
    expect(selfServiceAssignee.error.issues).toEqual([
      expect.objectContaining({
        field: 'assignee_id',
        code: 'INVALID_VALUE',
        received: 'joao.souza',
        message:
          'joao.souza cannot be assigned tickets in Root entity > Sede: they have no profile there (theirs: Self-Service in Root entity > Filial Porto).',
      }),
    ]);
    const ownOnly = failure(await call(admin, 'ticket_update', { id: erp, assignees: ['post-only'], dry_run: true }), 'VALIDATION_FAILED');
    expect(ownOnly.error.issues![0]).toMatchObject({
      field: 'assignees[0]',
      message: 'post-only cannot be assigned tickets in Root entity > Sede: their profiles there (Self-Service) only see their own tickets.',
    });
    expect(selfServiceAssignee.error.issues![0].did_you_mean).toBeUndefined();
    // A technician of Sede, recursively or not, takes Sede's tickets; not those of Root entity above it.
    success(await call(admin, 'ticket_update', { id: erp, add_assignees: ['maria.silva', 'normal', 'Service Desk'], dry_run: true }));
    const above = failure(await call(admin, 'ticket_update', { id: ticketId, add_assignees: ['tech', 'normal'], dry_run: true }), 'VALIDATION_FAILED');
    expect(above.error.issues).toEqual([
      expect.objectContaining({
        field: 'add_assignees[1]',
        code: 'INVALID_VALUE',
        received: 'normal',
        message: expect.stringContaining('normal cannot be assigned tickets in Root entity:'),
      }),
    ]);

    // A deactivated user is added in no role; one already on the ticket stays, and is not checked again.
    const login = `inativo.${kind}`;
    const created = await request(stack.http).post('/api/users').set(api).send({ name: login, profiles_id: 'Technician', entities_id: 'Root entity' });
    expect(created.status).toBe(201);
    success(await call(admin, 'ticket_update', { id: ticketId, add_observers: [login] }));
    expect((await request(stack.http).delete(`/api/users/${created.body.id}`).set(api)).status).toBe(200);
    const before = success(await call(admin, 'ticket_get', { id: erp })).data as Ticket;
    const refused = failure(
      await call(admin, 'ticket_update', { id: erp, add_assignees: ['joao.souza'], add_observers: [login], time_to_resolve: '2000-01-01 10:00' }),
      'VALIDATION_FAILED',
    );
    const byField = Object.fromEntries(refused.error.issues!.map((i) => [i.field, i]));
    expect(Object.keys(byField).sort()).toEqual(['add_assignees[0]', 'add_observers[0]', 'time_to_resolve']);
    expect(byField['add_assignees[0]']).toMatchObject({ code: 'INVALID_VALUE', received: 'joao.souza' });
    expect(byField['add_observers[0]']).toMatchObject({ code: 'INVALID_VALUE', received: login });
    expect(byField['add_observers[0]'].message).toBe(`${login} is deactivated: reactivate them (user_update is_active true) or choose another.`);
    const after = success(await call(admin, 'ticket_get', { id: erp })).data as Ticket;
    expect([names(after.assignees), names(after.observers), after.time_to_resolve]).toEqual([
      names(before.assignees),
      names(before.observers),
      before.time_to_resolve,
    ]);
    const kept = success(await call(admin, 'ticket_update', { id: ticketId, observers: [login, 'glpi'], name: 'Servidor de arquivos lento (2)' }))
      .data as Ticket;
    expect(names(kept.observers)).toEqual([`user:${login}`, 'user:glpi']);
    const created2 = failure(await call(admin, 'ticket_create', { name: 'Rede lenta', requesters: [login], dry_run: true }), 'VALIDATION_FAILED');
    expect(created2.error.issues).toEqual([expect.objectContaining({ field: 'requesters[0]', code: 'INVALID_VALUE', received: login })]);

    // REST shares the rule: maria.silva takes charge in Sede and below it, not in Filial Porto.
    const rest = await request(stack.http).post('/api/tickets').set(api).send({ name: 'VPN caiu', entities_id: 'Filial Porto', assignee_id: 'maria.silva' });
    expect(rest.status).toBe(422);
    expect(rest.body.error.issues).toEqual([
      expect.objectContaining({
        field: 'assignee_id',
        code: 'INVALID_VALUE',
        received: 'maria.silva',
        message: expect.stringContaining('Root entity > Filial Porto'),
      }),
    ]);
    const patched = await request(stack.http).patch(`/api/tickets/${erp}`).set(api).send({ assignee_id: 'joao.souza', dry_run: true });
    expect([patched.status, patched.body.error?.issues?.[0]?.field]).toEqual([422, 'assignee_id']);
  });

  it('lets a technician name the users whose profile reaches its entities from above (recursive), as GLPI lists them', async () => {
    // normal is a technician of Sede alone; tech's profile is on Root entity, recursive; joao.souza's on Filial Porto.
    const normal = await connectHttp(stack.url, await stack.token('normal', ['mcp']));
    try {
      const normalSession = await openSession(normal, 'ticket');
      const assigned = success(await call(normal, 'ticket_search', { assignee_id: 'tech', fields: ['id'] }, normalSession));
      expect(assigned.resolved).toMatchObject({ assignee_id: { name: 'tech' } });
      success(await call(normal, 'ticket_update', { id: 3, add_assignees: ['tech'], dry_run: true }, normalSession));
      const elsewhere = failure(await call(normal, 'ticket_search', { requester_id: 'joao.souza' }, normalSession), 'VALIDATION_FAILED');
      expect(elsewhere.error.issues![0]).toMatchObject({ field: 'requester_id', code: 'REFERENCE_NOT_FOUND' });
    } finally {
      await normal.close();
    }
  });

  it('takes anyone off a ticket the caller changes, found among the actors of that role by id, login, full name or as answers show them', async () => {
    // joao.souza observes ticket 3 (Sede); normal, a technician of Sede alone, could not add him.
    const normal = await connectHttp(stack.url, await stack.token('normal', ['mcp']));
    try {
      const normalSession = await openSession(normal, 'ticket');
      const shown = success(await call(normal, 'ticket_get', { id: 3 }, normalSession)).data as Ticket;
      const joao = shown.observers.find((a) => a.name === 'joao.souza')!;
      for (const sent of [['joao.souza'], ['João Souza'], [joao.id], [joao], 'joao.souza']) {
        const dry = success(await call(normal, 'ticket_update', { id: 3, remove_observers: sent, dry_run: true }, normalSession));
        expect(dry.applied).toEqual({ remove_observers: [{ type: 'user', id: joao.id }] });
      }
      // One not in the role is answered with those who are, never with every user.
      const missing = failure(
        await call(normal, 'ticket_update', { id: 3, remove_observers: ['tech'], remove_requesters: ['joao.souza'], dry_run: true }, normalSession),
        'VALIDATION_FAILED',
      );
      expect(missing.error.issues).toEqual([
        expect.objectContaining({ field: 'remove_requesters[0]', code: 'REFERENCE_NOT_FOUND', available: shown.requesters.map((a) => a.name) }),
        expect.objectContaining({ field: 'remove_observers[0]', code: 'REFERENCE_NOT_FOUND', available: ['joao.souza'] }),
      ]);
      expect(missing.error.issues![1].message).toBe("'tech' is not among the observers of ticket 3: joao.souza.");
      // Added and removed at once is refused, whichever way each was named.
      const assignee = shown.assignees.find((a) => a.type === 'user')!;
      const both = failure(
        await call(normal, 'ticket_update', { id: 3, add_assignees: [assignee.id], remove_assignees: [assignee.name], dry_run: true }, normalSession),
        'VALIDATION_FAILED',
      );
      expect(both.error.issues!.map((i) => [i.field, i.code])).toEqual([['add_assignees', 'INVALID_VALUE']]);
      const removed = success(await call(normal, 'ticket_update', { id: 3, remove_observers: ['joao.souza'] }, normalSession));
      expect(names((removed.data as Ticket).observers)).toEqual([]);
      success(await call(admin, 'ticket_update', { id: 3, add_observers: ['joao.souza'] }));
    } finally {
      await normal.close();
    }
  });

  it('moving a ticket to another entity checks every user it will have assigned there, kept ones included', async () => {
    // maria.silva and normal take charge of tickets in Sede only; tech in Root entity and below.
    const opened = success(await call(admin, 'ticket_create', { name: 'Mudança de filial', entities_id: 'Sede', assignees: ['maria.silva', 'tech'] }));
    const id = Number(opened.id);
    const moved = failure(await call(admin, 'ticket_update', { id, entities_id: 'Filial Porto', dry_run: true }), 'VALIDATION_FAILED');
    expect(moved.error.issues).toEqual([
      expect.objectContaining({
        field: 'entities_id',
        code: 'INVALID_VALUE',
        received: 'Filial Porto',
        message: expect.stringContaining('maria.silva, assigned to this ticket, cannot be assigned tickets in Root entity > Filial Porto'),
      }),
    ]);
    // Listed again, each is judged where the ticket goes, not skipped as already there.
    const relisted = failure(
      await call(admin, 'ticket_update', { id, entities_id: 'Filial Porto', assignees: ['maria.silva', 'normal', 'tech'], dry_run: true }),
      'VALIDATION_FAILED',
    );
    expect(relisted.error.issues!.map((issue) => [issue.field, issue.received])).toEqual([
      ['assignees[0]', 'maria.silva'],
      ['assignees[1]', 'normal'],
    ]);
    // Unassigned in the same call, or replaced, the move goes through.
    success(await call(admin, 'ticket_update', { id, entities_id: 'Filial Porto', remove_assignees: ['maria.silva'], dry_run: true }));
    success(await call(admin, 'ticket_update', { id, entities_id: 'Filial Porto', assignee_id: 'tech', dry_run: true }));
    // Within Sede's reach nothing is asked of them.
    success(await call(admin, 'ticket_update', { id, name: 'Mudança de filial (2)' }));
  });

  it('Self-Service may not set actor lists, and mine stays within its own tickets', async () => {
    const refused = failure(await call(selfService, 'ticket_create', { name: 'Mouse quebrado', observers: ['tech'] }, selfSession), 'VALIDATION_FAILED');
    expect(refused.error.issues![0]).toMatchObject({ field: 'observers', code: 'FORBIDDEN_FIELD' });
    const mine = success(await call(selfService, 'ticket_search', { mine: 'any' }, selfSession)).data as Page;
    expect(mine.items.map((t) => t.name)).toEqual(['Troca de monitor']);
    const observed = success(await call(selfService, 'ticket_search', { observer_id: 'post-only' }, selfSession)).data as Page;
    expect(observed.total).toBe(0);
  });

  type Figures = { count: number; solved: number; mean_hours_to_solve: number | null; median_hours_to_solve: number | null; overdue: number };
  type Stats = Figures & { group_by: string; groups: Array<Figures & Record<string, unknown>> };

  it('group_by counts every match in the database, grouped, with hours to solve and overdue', async () => {
    const total = (success(await call(admin, 'ticket_search', {})).data as Page).total;
    const byStatus = success(await call(admin, 'ticket_search', { group_by: 'status', limit: 1 })).data as Stats;
    expect(byStatus.count).toBe(total);
    expect(byStatus.groups.reduce((n, g) => n + g.count, 0)).toBe(total);
    expect(byStatus.groups.find((g) => (g.status as { id: number }).id === 5)).toMatchObject({ count: 1, solved: 1 });
    // Troca de monitor: opened 2026-11-03 13:00Z, solved 2026-11-05 16:20Z = 51h20.
    const solved = success(await call(admin, 'ticket_search', { status: 'Solucionado', group_by: 'assignee' })).data as Stats;
    expect(solved).toMatchObject({ count: 1, solved: 1, mean_hours_to_solve: 51.3, median_hours_to_solve: 51.3 });
    expect(solved.groups).toEqual([expect.objectContaining({ assignee: { id: expect.any(Number), name: 'tech' }, count: 1, mean_hours_to_solve: 51.3 })]);
    const overdue = (success(await call(admin, 'ticket_search', { overdue: true })).data as Page).total;
    expect(byStatus.overdue).toBe(overdue);
    const byMonth = success(await call(admin, 'ticket_search', { group_by: 'month' })).data as Stats;
    expect(byMonth.groups.map((g) => g.month)).toEqual(expect.arrayContaining(['2026-11', '2019-12']));
    // Several assignees: the ticket counts for each; null is "nobody".
    const byAssignee = success(await call(admin, 'ticket_search', { group_by: 'assignee' })).data as Stats;
    expect(byAssignee.groups.some((g) => g.assignee === null)).toBe(true);
  });

  it('counts only what the caller may see: Self-Service its own tickets, a technician its entities', async () => {
    const own = success(await call(selfService, 'ticket_search', { group_by: 'entity' }, selfSession)).data as Stats;
    expect(own.count).toBe(1);
    expect(own.groups).toEqual([expect.objectContaining({ count: 1 })]);
    const techTotal = (success(await call(tech, 'ticket_search', {}, techSession)).data as Page).total;
    const techStats = success(await call(tech, 'ticket_search', { group_by: 'entity' }, techSession)).data as Stats;
    expect(techStats.count).toBe(techTotal);
    // A technician of Filial Porto alone: no ticket of Sede or of the root entity is counted.
    const users = await openSession(admin, 'user');
    success(
      await callTool(admin, 'user_create', {
        domain: 'user',
        session_id: users,
        name: 'porto.tech',
        email: 'porto.tech@example.org',
        entities_id: 'Filial Porto',
        profiles_id: 'Technician',
      }),
    );
    const porto = await connectHttp(stack.url, await stack.token('porto.tech', ['mcp']));
    try {
      const portoSession = await openSession(porto, 'ticket');
      const portoStats = success(await call(porto, 'ticket_search', { group_by: 'entity' }, portoSession)).data as Stats;
      const adminStats = success(await call(admin, 'ticket_search', { group_by: 'entity' })).data as Stats;
      expect(portoStats.groups.map((g) => (g.entity as { name: string }).name)).toEqual(['Root entity > Filial Porto']);
      expect(portoStats.count).toBe(adminStats.groups.find((g) => (g.entity as { name: string }).name === 'Root entity > Filial Porto')!.count);
      expect(adminStats.count).toBeGreaterThan(portoStats.count);
    } finally {
      await porto.close();
    }
    const refused = failure(await call(admin, 'ticket_search', { group_by: 'colour' }), 'VALIDATION_FAILED');
    expect(refused.error.issues![0]).toMatchObject({ field: 'group_by', code: 'INVALID_VALUE' });
  });
});
