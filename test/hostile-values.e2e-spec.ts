import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { SignInService } from '../src/auth/sign-in.service.js';
import type { Envelope, ErrorEnvelope } from '../src/envelope/envelope.js';
import type { Issue } from '../src/envelope/issue.js';
import { characterCount } from '../src/text/characters.js';
import { CapturingLogger } from './support/capturing-logger.js';
import { DATABASES } from './support/databases.js';
import { callTool, connectHttp, failure, itemNames, openSession, success } from './support/mcp-client.js';
import { startStack, type TestStack } from './support/test-app.js';

/**
 * Values chosen to hurt: a megabyte where a name goes, objects nested ten thousand deep, invisible
 * and look-alike characters in logins, halves of UTF-16 pairs. Each gets a small, exact refusal —
 * never an echo of the whole value, a crash or something stored other than what `applied` says.
 */

/** No answer may echo more than this many characters of one value. */
const MAX_ECHO = 200;
/** A refused megabyte comes back as a few hundred bytes of error, not as megabytes. */
const SMALL_ANSWER = 4096;
const MEGABYTE_NAME = 'a'.repeat(1_000_000);
/** A value whose echo is easy to spot: any run longer than MAX_ECHO is a leak. */
const MARK = 'Z';
const LONG = MARK.repeat(100_000);
const ECHOED_TOO_MUCH = MARK.repeat(MAX_ECHO + 1);
/** Stack frames in a log line. */
const STACK = /RangeError|Maximum call stack|\n\s+at [\w$.<>]+ /;

/** JSON text of an object nested `depth` levels deep (JSON.stringify itself cannot write it). */
function deepJson(depth: number, kind: 'object' | 'array'): string {
  return kind === 'object' ? `${'{"a":'.repeat(depth)}"x"${'}'.repeat(depth)}` : `${'['.repeat(depth)}"x"${']'.repeat(depth)}`;
}

interface RawAnswer {
  status: number;
  text: string;
  envelope?: Envelope;
  rpcError?: { code: number; message: string };
}

describe.each(DATABASES)('hostile values on %s', (kind) => {
  const logger = new CapturingLogger();
  let stack: TestStack;
  let token: string;
  let client: Client;
  let admin: { Authorization: string };
  const sessions: Record<string, string> = {};

  /** tools/call with arguments written as JSON text, answered as raw bytes. */
  const rawTool = async (name: string, argsJson: string): Promise<RawAnswer> => {
    const response = await fetch(`${stack.url}/mcp`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":${JSON.stringify(name)},"arguments":${argsJson}}}`,
    });
    const text = await response.text();
    const body = JSON.parse(text) as { result?: { structuredContent?: Envelope }; error?: { code: number; message: string } };
    return { status: response.status, text, envelope: body.result?.structuredContent, rpcError: body.error };
  };

  /** The arguments of a call in the right session, as JSON text, with `extra` (JSON text) spliced in. */
  const argsWith = (domain: 'project' | 'ticket' | 'user', extra: string): string => `{"domain":"${domain}","session_id":"${sessions[domain]}",${extra}}`;

  const issueOf = (envelope: Envelope | undefined, field: string): Issue => {
    const issue = (envelope as ErrorEnvelope | undefined)?.error.issues?.find((i) => i.field === field);
    if (!issue) throw new Error(`no issue on ${field}: ${JSON.stringify(envelope).slice(0, 500)}`);
    return issue;
  };

  const countUsers = async (query: string): Promise<number> => {
    const res = await request(stack.http).get('/api/users').query({ query, is_active: 'true' }).set(admin);
    return res.body.data.total as number;
  };

  beforeAll(async () => {
    stack = await startStack(kind, {}, { logger });
    token = await stack.token('glpi', ['mcp']);
    admin = { Authorization: `Bearer ${await stack.token('glpi', ['api'])}` };
    client = await connectHttp(stack.url, token);
    for (const domain of ['project', 'ticket', 'user'] as const) sessions[domain] = await openSession(client, domain);
  });
  afterAll(async () => {
    await client?.close();
    await stack?.close();
  });

  it('answers a 1 MB reference value with TOO_LONG in a small answer (MCP and REST)', async () => {
    const mcp = await rawTool('ticket_create', argsWith('ticket', `"name":"Impressora","dry_run":true,"assignee_id":${JSON.stringify(MEGABYTE_NAME)}`));
    expect(mcp.status).toBe(200);
    expect(mcp.text.length).toBeLessThan(SMALL_ANSWER);
    const issue = issueOf(mcp.envelope, 'assignee_id');
    expect(issue.code).toBe('TOO_LONG');
    expect(String(issue.received).length).toBeLessThanOrEqual(MAX_ECHO);

    const rest = await request(stack.http).post('/api/tickets').set(admin).send({ name: 'Impressora', assignee_id: MEGABYTE_NAME });
    expect(rest.status).toBe(422);
    expect(rest.text.length).toBeLessThan(SMALL_ANSWER);
    expect(issueOf(rest.body as Envelope, 'assignee_id').code).toBe('TOO_LONG');
  });

  it('echoes at most 200 characters of any value, wherever the value goes wrong', async () => {
    const huge = JSON.stringify(LONG);
    const cases: Array<[string, string]> = [
      ['ticket_create', argsWith('ticket', `"name":${huge}`)],
      ['ticket_create', argsWith('ticket', `"name":"ok","urgency":${huge},"date":${huge},"itilcategories_id":${huge},"timezone":${huge}`)],
      ['ticket_create', argsWith('ticket', `"name":"ok","content":${JSON.stringify(MARK.repeat(70_000))}`)],
      ['ticket_search', argsWith('ticket', `"sort":${huge},"query":${huge},"cursor":${huge}`)],
      ['ticket_search', argsWith('ticket', `"fields":${JSON.stringify(Array.from({ length: 2_000 }, () => MARK.repeat(300)))}`)],
      ['ticket_search', argsWith('ticket', `"fields":${JSON.stringify(Array.from({ length: 2_000 }, () => MARK.repeat(30)).join(','))}`)],
      ['ticket_search', argsWith('ticket', `${huge}:1`)],
      ['ticket_search', argsWith('ticket', Array.from({ length: 5_000 }, (_, i) => `"${MARK.repeat(150)}${i}":1`).join(','))],
      ['user_create', argsWith('user', `"name":"ok.login","timezone":${huge},"language":${huge},"email":${huge}`)],
      ['user_get', argsWith('user', `"id":${huge}`)],
      ['project_create', argsWith('project', `"name":"ok","projectstates_id":${JSON.stringify({ [LONG]: [LONG] })}`)],
      // Records as answers show them, {id, name}, carrying huge texts: where a reference, an enum and a tool's record go.
      [
        'ticket_create',
        argsWith('ticket', `"name":"ok","itilcategories_id":{"id":1,"name":${huge}},"urgency":{"id":${huge},"name":${huge}},"assignee_id":{"name":${huge}}`),
      ],
      ['ticket_update', argsWith('ticket', `"id":{"id":1,"name":${huge}},"urgency":{"id":2,"name":"${MARK.repeat(200)}"}`)],
      ['domain_switch', `{"domain":${huge},"reason":${huge}}`],
      // A wrong domain in a live session: refused by the intent lock, before the input pipe.
      ['ticket_search', `{"domain":${huge},"session_id":"${sessions.ticket}"}`],
    ];
    for (const [tool, args] of cases) {
      const answer = await rawTool(tool, args);
      const where = `${tool} ${args.slice(0, 120)}`;
      expect([where, answer.status]).toEqual([where, 200]);
      expect([where, answer.text.length < 16_384]).toEqual([where, true]);
      expect([where, answer.text.includes(ECHOED_TOO_MUCH)]).toEqual([where, false]);
      expect([where, answer.envelope?.status]).toEqual([where, 'error']);
      expect([where, (answer.envelope as ErrorEnvelope).error.code === 'INTERNAL']).toEqual([where, false]);
    }
    const rest = await request(stack.http)
      .post('/api/users')
      .set(admin)
      .send({ name: 'ok.login', timezone: LONG, language: LONG, [LONG]: LONG });
    expect(rest.status).toBe(422);
    expect(rest.text.includes(ECHOED_TOO_MUCH)).toBe(false);
  });

  it('answers a 10,000-deep object in a reference field with INVALID_TYPE and logs no stack', async () => {
    const before = logger.lines.length;
    for (const shape of ['object', 'array'] as const) {
      const answer = await rawTool('ticket_create', argsWith('ticket', `"name":"Impressora","dry_run":true,"assignee_id":${deepJson(10_000, shape)}`));
      expect(answer.rpcError).toBeUndefined();
      expect(answer.status).toBe(200);
      expect(issueOf(answer.envelope, 'assignee_id').code).toBe('INVALID_TYPE');
      expect(answer.text.length).toBeLessThan(SMALL_ANSWER);

      const rest = await request(stack.http)
        .post('/api/tickets')
        .set({ ...admin, 'content-type': 'application/json' })
        .send(`{"name":"Impressora","itilcategories_id":${deepJson(10_000, shape)}}`);
      expect(rest.status).toBe(422);
      expect(issueOf(rest.body as Envelope, 'itilcategories_id').code).toBe('INVALID_TYPE');
    }
    const deepProject = await rawTool(
      'project_create',
      argsWith('project', `"name":"Fundo","dry_run":true,"users_id":${deepJson(10_000, 'object')},"projects_id":${deepJson(10_000, 'array')}`),
    );
    expect(issueOf(deepProject.envelope, 'users_id').code).toBe('INVALID_TYPE');
    expect(issueOf(deepProject.envelope, 'projects_id').code).toBe('INVALID_TYPE');
    const logged = logger.lines.slice(before).filter((line) => STACK.test(line));
    expect(logged).toEqual([]);
  });

  it('refuses zero-width, bidi and control characters in logins, names and emails, all at once', async () => {
    const refused = failure(
      await callTool(client, 'user_create', {
        domain: 'user',
        session_id: sessions.user,
        name: 'nova\u200b.login',
        firstname: 'Ana\u202e',
        realname: 'Li\u0007ma',
        email: 'ana\u200d@example.com',
      }),
      'VALIDATION_FAILED',
    );
    const byField = new Map(refused.error.issues!.map((i) => [i.field, i]));
    for (const field of ['name', 'firstname', 'realname', 'email']) expect([field, byField.get(field)?.code]).toEqual([field, 'INVALID_VALUE']);
    expect(byField.get('name')!.message).toMatch(/U\+200B/);
    expect(await countUsers('nova')).toBe(0);

    for (const login of ['nova\u2066login', 'nova\u00a0login', 'nova\nlogin', 'nova\u3164login']) {
      const rest = await request(stack.http).post('/api/users').set(admin).send({ name: login });
      expect([login, rest.status, issueOf(rest.body as Envelope, 'name').code]).toEqual([login, 422, 'INVALID_VALUE']);
    }
    expect(await countUsers('nova')).toBe(0);
  });

  it('stores logins and names NFC-normalized, exactly as applied reports them', async () => {
    const created = success(
      await callTool(client, 'user_create', {
        domain: 'user',
        session_id: sessions.user,
        name: 'jose\u0301.nfc',
        firstname: 'Jose\u0301',
        realname: 'Conceic\u0327a\u0303o',
      }),
    );
    expect(created.applied).toMatchObject({ name: 'jos\u00e9.nfc', firstname: 'Jos\u00e9', realname: 'Concei\u00e7\u00e3o' });
    const stored = await request(stack.http).get(`/api/users/${created.id}`).set(admin);
    expect(stored.body.data).toMatchObject({ name: 'jos\u00e9.nfc', firstname: 'Jos\u00e9', realname: 'Concei\u00e7\u00e3o' });
  });

  it('answers CONFLICT for a login or email equal to an existing one but for case, accents or look-alike characters', async () => {
    const before = await countUsers('silva');
    // Latin capitals, an accent, a Cyrillic 'а' (U+0430), and a fullwidth letter.
    for (const login of ['Maria.Silva', 'maría.silva', 'm\u0430ria.silva', 'maria.\uff53ilva']) {
      const answer = failure(await callTool(client, 'user_create', { domain: 'user', session_id: sessions.user, name: login }), 'CONFLICT');
      expect(answer.error.message).toMatch(/login/);
    }
    for (const email of ['Maria.Silva@Example.com', 'm\u0430ria.silva@example.com', 'maria.silva@ex\u0430mple.com']) {
      const answer = failure(await callTool(client, 'user_create', { domain: 'user', session_id: sessions.user, name: 'maria.nova', email }), 'CONFLICT');
      expect(answer.error.message).toMatch(/email/);
    }
    failure(await callTool(client, 'user_update', { domain: 'user', session_id: sessions.user, id: 'joao.souza', name: 'm\u0430ria.silva' }), 'CONFLICT');
    failure(
      await callTool(client, 'user_update', { domain: 'user', session_id: sessions.user, id: 'joao.souza', email: 'MARIA.SILVA@example.com' }),
      'CONFLICT',
    );

    const rest = await request(stack.http).post('/api/users').set(admin).send({ name: 'MARÍA.SILVA' });
    expect(rest.status).toBe(409);
    expect(rest.body.error.code).toBe('CONFLICT');
    const joao = (await request(stack.http).get('/api/users').query({ name: 'joao.souza' }).set(admin)).body.data.items[0] as { id: number };
    const restUpdate = await request(stack.http).patch(`/api/users/${joao.id}`).set(admin).send({ email: 'm\u0430ria.silva@example.com' });
    expect(restUpdate.status).toBe(409);
    expect(await countUsers('silva')).toBe(before);

    // Not a conflict: the user's own login in other letters, and a login that merely resembles one.
    success(await callTool(client, 'user_update', { domain: 'user', session_id: sessions.user, id: 'maria.silva', name: 'Maria.Silva', dry_run: true }));
    success(
      await callTool(client, 'user_create', {
        domain: 'user',
        session_id: sessions.user,
        name: 'maria.silva2',
        email: 'maria.silva2@example.com',
        dry_run: true,
      }),
    );
  });

  it('refuses bidi overrides, embeddings and isolates in any text: they would show others a title in another order', async () => {
    const before = await stack.app.get(DataSource).query('SELECT COUNT(*) AS n FROM glpi_tickets');
    // "Fatura \u202Egnp.exe" shows as "Fatura exe.png" in every list, message and approval page.
    const ticket = failure(
      await callTool(client, 'ticket_create', {
        domain: 'ticket',
        session_id: sessions.ticket,
        name: 'Fatura \u202egnp.exe',
        content: 'ver \u2067anexo\u2069',
      }),
      'VALIDATION_FAILED',
    );
    expect(issueOf(ticket, 'name')).toMatchObject({ code: 'INVALID_VALUE', message: expect.stringContaining('U+202E') });
    expect(issueOf(ticket, 'content')).toMatchObject({ code: 'INVALID_VALUE', message: expect.stringContaining('U+2067') });
    const rest = await request(stack.http).post('/api/tickets').set(admin).send({ name: 'Fatura \u202agnp.exe' });
    expect(rest.status).toBe(422);
    expect(issueOf(rest.body as Envelope, 'name').code).toBe('INVALID_VALUE');
    expect(await stack.app.get(DataSource).query('SELECT COUNT(*) AS n FROM glpi_tickets')).toEqual(before);
    // Marks that set no order of their own (U+200E, U+200F), pasted with right-to-left text, stay.
    const marks = success(
      await callTool(client, 'ticket_create', {
        domain: 'ticket',
        session_id: sessions.ticket,
        name: 'Cliente \u05e9\u05dc\u05d5\u05dd\u200f ok',
        content: 'x',
        dry_run: true,
      }),
    );
    expect(marks.applied).toMatchObject({ name: 'Cliente \u05e9\u05dc\u05d5\u05dd\u200f ok' });
  });

  it('refuses control characters in a ticket title (one line of text), all at once, over MCP and REST; the description keeps its line breaks and tabs', async () => {
    const before = await stack.app.get(DataSource).query('SELECT COUNT(*) AS n FROM glpi_tickets');
    for (const [name, code] of [
      ['nul\u0000title', 'U+0000'],
      ['bell\u0007', 'U+0007'],
      ['two\nlines', 'U+000A'],
      ['esc \u001b[31mred', 'U+001B'],
      ['del\u007f', 'U+007F'],
    ] as const) {
      const refused = failure(
        await callTool(client, 'ticket_create', { domain: 'ticket', session_id: sessions.ticket, name, content: 'x' }),
        'VALIDATION_FAILED',
      );
      expect([name, issueOf(refused, 'name')]).toEqual([name, expect.objectContaining({ code: 'INVALID_VALUE', message: expect.stringContaining(code) })]);
    }
    const rest = await request(stack.http).post('/api/tickets').set(admin).send({ name: 'tab\there', content: 'x' });
    expect(rest.status).toBe(422);
    expect(issueOf(rest.body as Envelope, 'name')).toMatchObject({ code: 'INVALID_VALUE', message: expect.stringContaining('U+0009') });
    expect(await stack.app.get(DataSource).query('SELECT COUNT(*) AS n FROM glpi_tickets')).toEqual(before);
    const content = 'Passos:\n\t1. abrir\r\n\t2. fechar';
    const kept = success(
      await callTool(client, 'ticket_create', { domain: 'ticket', session_id: sessions.ticket, name: 'Título de uma linha', content, dry_run: true }),
    );
    expect(kept.applied).toMatchObject({ name: 'Título de uma linha', content });
  });

  it('refuses a lone surrogate in any text, and stores astral characters exactly as applied reports them', async () => {
    const user = failure(
      await callTool(client, 'user_create', { domain: 'user', session_id: sessions.user, name: 'ana.lima', firstname: 'Ana\ud800' }),
      'VALIDATION_FAILED',
    );
    expect(issueOf(user, 'firstname').code).toBe('INVALID_VALUE');
    const ticket = failure(
      await callTool(client, 'ticket_create', { domain: 'ticket', session_id: sessions.ticket, name: 'Teclado', content: 'tecla \udc00 presa' }),
      'VALIDATION_FAILED',
    );
    expect(issueOf(ticket, 'content').code).toBe('INVALID_VALUE');
    const project = failure(
      await callTool(client, 'project_create', { domain: 'project', session_id: sessions.project, name: '\ud83d', projectstates_id: 'New\udfff' }),
      'VALIDATION_FAILED',
    );
    expect(issueOf(project, 'name').code).toBe('INVALID_VALUE');
    expect(issueOf(project, 'projectstates_id').code).toBe('INVALID_VALUE');
    const rest = await request(stack.http)
      .post('/api/tickets')
      .set({ ...admin, 'content-type': 'application/json' })
      .send('{"name":"Teclado \\ud800"}');
    expect(rest.status).toBe(422);
    expect(issueOf(rest.body as Envelope, 'name').code).toBe('INVALID_VALUE');
    expect(await countUsers('ana.lima')).toBe(0);

    const content = 'Monitor 🙂 piscando — 𝔄 ação';
    const created = success(await callTool(client, 'ticket_create', { domain: 'ticket', session_id: sessions.ticket, name: 'Emoji 🙂', content }));
    expect(created.applied).toMatchObject({ name: 'Emoji 🙂', content });
    const stored = await request(stack.http).get(`/api/tickets/${created.id}`).set(admin);
    expect(stored.body.data).toMatchObject({ name: 'Emoji 🙂', content });
  });

  it('counts a length in characters (code points), not UTF-16 units: 255 emoji are a whole name, stored and read back whole; 256 are TOO_LONG', async () => {
    // Names are VARCHAR(255) in utf8mb4 on MariaDB: 255 characters, whatever their UTF-16 length; an emoji is two UTF-16 units.
    const whole = '🎫'.repeat(255);
    for (const path of ['/api/tickets', '/api/projects']) {
      const created = await request(stack.http).post(path).set(admin).send({ name: whole });
      expect(created.status).toBe(201);
      expect(created.body.applied.name).toBe(whole);
      const stored = await request(stack.http).get(`${path}/${created.body.id}`).set(admin);
      expect(stored.body.data.name).toBe(whole);
      expect([...stored.body.data.name].length).toBe(255);
    }
    const renamed = await request(stack.http)
      .post('/api/tickets')
      .set(admin)
      .send({ name: '🙂'.repeat(200) });
    expect(renamed.status).toBe(201);

    const tooLong = '🎫'.repeat(256);
    const refused = await request(stack.http).post('/api/tickets').set(admin).send({ name: tooLong });
    expect(refused.status).toBe(422);
    expect(refused.body.error.issues).toEqual([
      {
        field: 'name',
        code: 'TOO_LONG',
        message: 'name is 256 characters long; at most 255.',
        expected: 'a string of at most 255 characters',
        received: `${'🎫'.repeat(79)}…`,
      },
    ]);
  });

  it('stores, reads back and finds a ticket and a project named in Hangul (200 and 255 syllables), whose key is no longer than the name', async () => {
    // A Hangul syllable decomposes into two or three jamo: a name key that kept them would outgrow VARCHAR(255).
    for (const length of [200, 255]) {
      const name = '한'.repeat(length);
      const ticket = success(await callTool(client, 'ticket_create', { domain: 'ticket', session_id: sessions.ticket, name }));
      expect(ticket.applied).toMatchObject({ name });
      const project = success(await callTool(client, 'project_create', { domain: 'project', session_id: sessions.project, name }));
      expect(project.applied).toMatchObject({ name });
      for (const [path, id] of [
        ['/api/tickets', ticket.id],
        ['/api/projects', project.id],
      ] as const) {
        const stored = await request(stack.http)
          .get(`${path}/${String(id)}`)
          .set(admin);
        expect(stored.body.data.name).toBe(name);
      }
      expect(success(await callTool(client, 'ticket_get', { domain: 'ticket', session_id: sessions.ticket, id: name })).id).toBe(ticket.id);
      expect(success(await callTool(client, 'project_get', { domain: 'project', session_id: sessions.project, id: name })).id).toBe(project.id);
      const found = async (tool: 'ticket_search' | 'project_search', domain: 'ticket' | 'project') =>
        (
          success(await callTool(client, tool, { domain, session_id: sessions[domain], query: name.slice(0, 200) })).data as { items: { id: number }[] }
        ).items.map((t) => t.id);
      expect(await found('ticket_search', 'ticket')).toContain(ticket.id);
      expect(await found('project_search', 'project')).toContain(project.id);
    }
  });

  it('stores and finds a user whose keys outgrow their column: a 200-letter login whose look-alike key doubles, a full name of 399 characters', async () => {
    // 'm' looks like 'rn': the look-alike key of 200 m's is 400 characters; "firstname realname" joins two 200-character names.
    const login = 'm'.repeat(200);
    const created = success(
      await callTool(client, 'user_create', {
        domain: 'user',
        session_id: sessions.user,
        name: login,
        firstname: 'Ana'.repeat(66),
        realname: 'Lima'.repeat(50),
      }),
    );
    expect(created.applied).toMatchObject({ name: login });
    expect(success(await callTool(client, 'user_get', { domain: 'user', session_id: sessions.user, id: login })).id).toBe(created.id);
    const lookAlike = failure(
      await callTool(client, 'user_create', { domain: 'user', session_id: sessions.user, name: `${'rn'.repeat(50)}${'m'.repeat(150)}` }),
      'CONFLICT',
    );
    expect(lookAlike.error.message).toMatch(/login/);
  });

  it('stores a ticket of 59,951 characters and finds it by a word at its end: the text index keeps up on every database', async () => {
    const content = `${'Relato do usuário. '.repeat(3_155)}zqxwvu`;
    const created = await request(stack.http).post('/api/tickets').set(admin).send({ name: 'Relato longo', content });
    expect(created.status).toBe(201);
    const found = await request(stack.http).get('/api/tickets').query({ query: 'ZQXWVU' }).set(admin);
    expect((found.body.data.items as Array<{ id: number }>).map((t) => t.id)).toEqual([created.body.id]);
  });

  it('stores a long text whole, 65,000 characters of any width, in a ticket, its timeline entries, a project and a project task; 65,001 are TOO_LONG', async () => {
    // 60,000 × ç is 120,000 bytes of UTF-8 and 30,000 emoji are 120,000: more than MariaDB's TEXT (65,535 bytes) holds.
    const sameText = (stored: unknown, sent: string) =>
      expect({ characters: characterCount(String(stored)), whole: stored === sent }).toEqual({ characters: characterCount(sent), whole: true });
    for (const text of ['ç'.repeat(60_000), '🎫'.repeat(30_000)]) {
      const ticket = await request(stack.http).post('/api/tickets').set(admin).send({ name: 'Texto longo', content: text });
      expect(ticket.status).toBe(201);
      sameText(ticket.body.applied.content, text);
      sameText((await request(stack.http).get(`/api/tickets/${ticket.body.id}`).set(admin)).body.data.content, text);

      const asked = await request(stack.http).post(`/api/tickets/${ticket.body.id}/validations`).set(admin).send({ approver_id: 'tech', comment: text });
      expect(asked.status).toBe(201);
      for (const kind of ['followup', 'task', 'solution']) {
        const entry = await request(stack.http).post(`/api/tickets/${ticket.body.id}/entries`).set(admin).send({ kind, content: text });
        expect(entry.status).toBe(201);
      }
      const page = await request(stack.http).get(`/api/tickets/${ticket.body.id}/entries`).set(admin);
      const entries = page.body.data.timeline as Array<{ kind: string; content: string }>;
      expect(entries.map((e) => e.kind).sort()).toEqual(['followup', 'solution', 'task', 'validation']);
      for (const entry of entries) sameText(entry.content, text);

      const project = await request(stack.http).post('/api/projects').set(admin).send({ name: 'Projeto longo', content: text, comment: text });
      expect(project.status).toBe(201);
      const storedProject = (await request(stack.http).get(`/api/projects/${project.body.id}`).set(admin)).body.data;
      sameText(storedProject.content, text);
      sameText(storedProject.comment, text);
      const task = await request(stack.http).post('/api/projects/tasks').set(admin).send({ projects_id: project.body.id, name: 'Tarefa longa', content: text });
      expect(task.status).toBe(201);
      sameText(task.body.applied.content, text);
    }

    const refused = await request(stack.http)
      .post('/api/tickets')
      .set(admin)
      .send({ name: 'Texto longo demais', content: '🎫'.repeat(65_001) });
    expect(refused.status).toBe(422);
    expect(refused.body.error.issues).toEqual([
      {
        field: 'content',
        code: 'TOO_LONG',
        message: 'content is 65001 characters long; at most 65000.',
        expected: 'a string of at most 65000 characters',
        received: `${'🎫'.repeat(79)}…`,
      },
    ]);
  });

  it('searches a text holding a NUL character as text: the ticket holding it is found, nothing fails', async () => {
    const content = 'Leitor falha: log abc\u0000def no caixa';
    const created = success(await callTool(client, 'ticket_create', { domain: 'ticket', session_id: sessions.ticket, name: 'Leitor com byte nulo', content }));
    expect(created.applied).toMatchObject({ content });
    const search = async (query: string) =>
      (success(await callTool(client, 'ticket_search', { domain: 'ticket', session_id: sessions.ticket, query })).data as { items: { id: number }[] }).items;
    expect((await search('ABC\u0000DEF')).map((t) => t.id)).toEqual([created.id]);
    expect(await search('abc\u0000zzz')).toEqual([]);
    expect((await search('\u0000')).map((t) => t.id)).toEqual([created.id]);
  });

  it('matches a user or project search text holding a NUL as a whole: a name cut at the NUL is no match, nothing fails', async () => {
    const users = async (query: string) =>
      (success(await callTool(client, 'user_search', { domain: 'user', session_id: sessions.user, query })).data as { items: { name: string }[] }).items.map(
        (u) => u.name,
      );
    expect(await users('maria.silva')).toEqual(['maria.silva']);
    // Read up to the NUL, a text is a shorter one: a name's start or end, a whole name, or nothing at all.
    for (const query of ['mar\u0000zzq', 'silva\u0000zzq', 'maria.silva\u0000', 'Maria Silva\u0000', 'example.com\u0000zzq', '\u0000']) {
      expect([query, await users(query)]).toEqual([query, []]);
    }

    const projects = async (query: string) =>
      (
        success(await callTool(client, 'project_search', { domain: 'project', session_id: sessions.project, query })).data as {
          items: { name: string }[];
        }
      ).items.map((p) => p.name);
    expect(await projects('Migração ERP')).toEqual(['Migração ERP']);
    // The name (a key), the code and the description are each a LIKE of the text.
    for (const query of ['Migra\u0000zzq', 'ERP\u0000zzq', 'Migração ERP\u0000', 'ERP-26\u0000', '-26\u0000zzq', 'integrações.\u0000zzq', '\u0000']) {
      expect([query, await projects(query)]).toEqual([query, []]);
    }

    // The reference lists (REST only) filter their names the same way.
    const groups = async (query: string) => {
      const res = await request(stack.http).get('/api/groups').query({ query }).set(admin);
      expect([query, res.status]).toEqual([query, 200]);
      return (res.body.data.items as { name: string }[]).map((g) => g.name);
    };
    expect(await groups('Service')).toEqual(['Service Desk']);
    for (const query of ['Serv\u0000zzq', 'Desk\u0000zzq', 'Service Desk\u0000', '\u0000']) expect([query, await groups(query)]).toEqual([query, []]);
  });

  it('resolves a reference name holding a NUL as a whole: no record is a candidate for the part before the NUL', async () => {
    for (const [name, firstname] of [
      ['nulo.alfa', 'Alfa'],
      ['nulo.beta', 'Beta'],
    ]) {
      success(await callTool(client, 'user_create', { domain: 'user', session_id: sessions.user, name, firstname, realname: 'Nulo' }));
    }
    const resolution = async (field: string, name: string) => {
      const answer = failure(
        await callTool(client, 'ticket_create', { domain: 'ticket', session_id: sessions.ticket, name: 'Referência nula', dry_run: true, [field]: name }),
        'VALIDATION_FAILED',
      );
      const issue = issueOf(answer, field);
      return { code: issue.code, did_you_mean: issue.did_you_mean, candidates: issue.candidates };
    };
    // Both logins start with "nulo" and both full names end with it: a part of their names is ambiguous.
    expect((await resolution('assignee_id', 'nulo')).code).toBe('REFERENCE_AMBIGUOUS');
    for (const [field, name] of [
      ['assignee_id', 'nulo\u0000zzqxywvut'],
      ['assignee_id', 'Nulo\u0000'],
      ['assignee_id', 'nulo.alfa\u0000zzqxywvut'],
      ['assignee_id', 'n\u0000zzqxywvut'],
      ['assignee_group_id', 'Service\u0000zzqxywvut'],
      ['itilcategories_id', 'Hard\u0000zzqxywvut'],
    ]) {
      // The same name with a character in no name where the NUL is: what resolution answers when nothing matches.
      const unknown = await resolution(field, name.replace('\u0000', '~'));
      expect([name, unknown.code]).toEqual([name, 'REFERENCE_NOT_FOUND']);
      expect([field, name, await resolution(field, name)]).toEqual([field, name, unknown]);
    }
  });

  it('resolves a name only to a record whose name folds (matchKey) to exactly the same key, on every database', async () => {
    // In Sede, where maria.silva is a technician and so may be assigned.
    const dryRun = (field: string, name: string) =>
      callTool(client, 'ticket_create', {
        domain: 'ticket',
        session_id: sessions.ticket,
        name: 'Chave exata',
        entities_id: 'Sede',
        dry_run: true,
        [field]: name,
      });
    const answerTo = async (field: string, name: string) => {
      const issue = issueOf(failure(await dryRun(field, name), 'VALIDATION_FAILED'), field);
      return { code: issue.code, received: issue.received, message: issue.message, did_you_mean: issue.did_you_mean, available: issue.available };
    };
    // A stored name but for characters MariaDB's collation (utf8mb4_unicode_ci, PAD SPACE) ignores
    // (NUL and other controls, zero-width characters, variation selectors, marks outside the accents
    // matchKey strips) or takes for another letter (long s, fullwidth and superscript letters).
    for (const [field, name, odd] of [
      ['assignee_id', 'maria.silva\u0000', '\u0000'],
      ['assignee_id', 'maria.silva\u200b', '\u200b'],
      ['assignee_id', 'maria\u200d.silva', '\u200d'],
      ['assignee_id', 'maria.silva\u0001', '\u0001'],
      ['assignee_id', 'maria.silva\ufe0f', '\ufe0f'],
      ['assignee_id', 'maria.silva\u20d0', '\u20d0'],
      ['assignee_id', 'maria.\u017filva', '\u017f'],
      ['assignee_id', 'm\u00aaria.silva', '\u00aa'],
      ['assignee_id', 'Maria Silva\u2060', '\u2060'],
      ['assignee_id', 'maria.silva@example.com\u0000', '\u0000'],
      ['assignee_group_id', 'Service\u200b Desk', '\u200b'],
      ['itilcategories_id', 'Hardware\u0000', '\u0000'],
      ['locations_id', 'Sede > Andar 2\u200b', '\u200b'],
    ]) {
      // The same name with a character in no name where the odd one is: what a name that does not exist gets.
      const unknown = await answerTo(field, name.replace(odd, '~'));
      expect([name, unknown.code]).toEqual([name, 'REFERENCE_NOT_FOUND']);
      const answer = await answerTo(field, name);
      expect([field, name, { ...answer, received: undefined, message: answer.message.replace(name, '') }]).toEqual([
        field,
        name,
        { ...unknown, received: undefined, message: unknown.message.replace(name.replace(odd, '~'), '') },
      ]);
    }
    // What the fold takes away (case, accents, white space at the ends and inside) still resolves.
    const maria = success(await dryRun('assignee_id', 'maria.silva')).resolved!.assignee_id as { id: number };
    for (const name of ['MARIA.SILVA', 'Mari\u0301a.Silva', ' maria.silva\u00a0', 'maria.silva  ', 'Maria   Silva']) {
      const resolved = success(await dryRun('assignee_id', name)).resolved!.assignee_id as { id: number };
      expect([name, resolved.id]).toEqual([name, maria.id]);
    }
  });

  it('filters users by login or email, takes a token login and signs in only on the exact key of a stored name', async () => {
    const named = async (filter: Record<string, string>) =>
      itemNames(success(await callTool(client, 'user_search', { domain: 'user', session_id: sessions.user, ...filter })));
    expect(await named({ name: 'Maria.Silva' })).toEqual(['maria.silva']);
    expect(await named({ email: 'MARIA.SILVA@example.com' })).toEqual(['maria.silva']);
    const odd: Array<Record<string, string>> = [{ name: 'maria.silva\u0000' }, { name: 'maria.\u017filva' }, { email: 'maria.silva@example.com\u200b' }];
    for (const filter of odd) {
      expect([filter, await named(filter)]).toEqual([filter, []]);
    }

    await expect(stack.token('maria.silva\u0000')).rejects.toThrow(/not found/);
    await expect(stack.token('maria.\u017filva')).rejects.toThrow(/not found/);
    expect(await stack.token('Maria.Silva')).toMatch(/\S/);

    const signIn = stack.app.get(SignInService);
    expect(await signIn.check('Maria.Silva', 'maria.silva', '192.0.2.10')).toEqual(expect.any(Number));
    for (const login of ['maria.silva\u0000', 'maria.silva\u200b', 'maria.\u017filva']) {
      expect([login, await signIn.check(login, 'maria.silva', '192.0.2.11')]).toEqual([login, undefined]);
    }
  });

  it('counts failed sign-ins against the account a login names, whatever case or accents the login is written in', async () => {
    const signIn = stack.app.get(SignInService);
    const login = 'joao.souza';
    // Ten spellings that all name joao.souza (an accent on one more letter each time), each with a wrong password.
    for (let i = 1; i <= 10; i++) {
      const spelled = login.slice(0, i) + '\u0301' + login.slice(i);
      expect([spelled, await signIn.check(i % 2 ? spelled.toUpperCase() : spelled, 'wrong password', `192.0.2.${20 + i}`)]).toEqual([spelled, undefined]);
    }
    // The account's budget is spent: its own password from another address waits too.
    await expect(signIn.check(login, 'joao.souza', '192.0.2.99')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });
});
