import request from 'supertest';
import { DATABASES } from './support/databases.js';
import { callTool, connectHttp, failure, openSession, success } from './support/mcp-client.js';
import { startStack, type TestStack } from './support/test-app.js';

interface IssueBody {
  field: string;
  code: string;
  message: string;
  received?: unknown;
  did_you_mean?: string;
}

/**
 * Writes that went around their safeguards: REST write routes read only their JSON body, so a
 * `?dry_run=true` in the URL performed the write it was meant to rehearse (a DELETE included);
 * user_update with is_active=false deactivated a user without the approval or the verified session
 * user_deactivate needs; a project could be named with spaces only, put under its own descendant,
 * or given an end before the start it already had.
 */
describe.each(DATABASES)('write safeguards on %s', (kind) => {
  let stack: TestStack;
  let admin: { Authorization: string };

  beforeAll(async () => {
    // The product's defaults: destructive writes need a person's approval, every write a verified session.
    stack = await startStack(kind, { APPROVAL_REQUIRED_FOR: 'destructive', OTP_REQUIRED_FOR: 'write' });
    admin = { Authorization: `Bearer ${await stack.token('glpi', ['mcp', 'api'])}` };
  });
  afterAll(async () => stack?.close());

  const projectNamed = async (name: string): Promise<number> => {
    const made = await request(stack.http).post('/api/projects').set(admin).send({ name });
    expect(made.status).toBe(201);
    return made.body.id as number;
  };
  const projectExists = async (id: number): Promise<boolean> => (await request(stack.http).get(`/api/projects/${id}`).set(admin)).status === 200;

  it('refuses a dry run asked in the query string of a DELETE, and deletes nothing', async () => {
    const id = await projectNamed('query dry run probe');
    const res = await request(stack.http).delete(`/api/projects/${id}?dry_run=true`).set(admin);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    const issue = (res.body.error.issues as IssueBody[]).find((i) => i.field === 'dry_run');
    expect(issue).toMatchObject({ code: 'UNKNOWN_FIELD' });
    expect(issue?.message).toContain('JSON body');
    expect(await projectExists(id)).toBe(true);
    // Sent where the route reads it, it is a dry run.
    const dry = await request(stack.http).delete(`/api/projects/${id}`).set(admin).send({ dry_run: true });
    expect(dry.status).toBe(200);
    expect(dry.body.dry_run).toBe(true);
    expect(await projectExists(id)).toBe(true);
  });

  it('refuses query parameters on creates and updates, naming the closest field, together with the body problems', async () => {
    const before = (await request(stack.http).get('/api/projects').query({ limit: 100 }).set(admin)).body.data.total as number;
    const created = await request(stack.http).post('/api/projects?dry_run=true').set(admin).send({ name: 'query create probe' });
    expect(created.status).toBe(422);
    expect((await request(stack.http).get('/api/projects').query({ limit: 100 }).set(admin)).body.data.total).toBe(before);

    const id = await projectNamed('query update probe');
    const updated = await request(stack.http).patch(`/api/projects/${id}?nme=renamed&dryrun=1`).set(admin).send({ percent_done: 500 });
    expect(updated.status).toBe(422);
    const issues = updated.body.error.issues as IssueBody[];
    expect(issues.map((i) => i.field).sort()).toEqual(['dryrun', 'nme', 'percent_done']);
    expect(issues.find((i) => i.field === 'nme')).toMatchObject({ code: 'UNKNOWN_FIELD', did_you_mean: 'name' });
    expect(issues.find((i) => i.field === 'dryrun')).toMatchObject({ code: 'UNKNOWN_FIELD', did_you_mean: 'dry_run' });
    expect((await request(stack.http).get(`/api/projects/${id}`).set(admin)).body.data.name).toBe('query update probe');
  });

  it('refuses a blank project name on create and update, with the other problems of the call', async () => {
    const blank = await request(stack.http).post('/api/projects').set(admin).send({ name: '   ', percent_done: 500, dry_run: true });
    expect(blank.status).toBe(422);
    expect((blank.body.error.issues as IssueBody[]).map((i) => [i.field, i.code]).sort()).toEqual([
      ['name', 'INVALID_VALUE'],
      ['percent_done', 'OUT_OF_RANGE'],
    ]);
    const id = await projectNamed('blank rename probe');
    const renamed = await request(stack.http).patch(`/api/projects/${id}`).set(admin).send({ name: '' });
    expect(renamed.status).toBe(422);
    expect((renamed.body.error.issues as IssueBody[])[0]).toMatchObject({ field: 'name', code: 'INVALID_VALUE' });
    expect((await request(stack.http).get(`/api/projects/${id}`).set(admin)).body.data.name).toBe('blank rename probe');
  });

  it('refuses a parent that would put a project under itself, however far down', async () => {
    const a = await projectNamed('cycle top');
    const b = (await request(stack.http).post('/api/projects').set(admin).send({ name: 'cycle middle', projects_id: a })).body.id as number;
    const c = (await request(stack.http).post('/api/projects').set(admin).send({ name: 'cycle bottom', projects_id: b })).body.id as number;
    for (const parent of [b, c]) {
      const looped = await request(stack.http).patch(`/api/projects/${a}`).set(admin).send({ projects_id: parent });
      expect(looped.status).toBe(422);
      expect((looped.body.error.issues as IssueBody[])[0]).toMatchObject({ field: 'projects_id', code: 'INVALID_VALUE' });
    }
    expect((await request(stack.http).get(`/api/projects/${a}`).set(admin)).body.data.projects_id).toBeNull();
    // Moving a branch elsewhere is fine.
    expect((await request(stack.http).patch(`/api/projects/${c}`).set(admin).send({ projects_id: a, dry_run: true })).status).toBe(200);
  });

  it('checks a date against the one already stored: an end before the stored start is refused', async () => {
    const made = await request(stack.http).post('/api/projects').set(admin).send({ name: 'dated probe', plan_start_date: '2026-06-01', timezone: 'UTC' });
    const id = made.body.id as number;
    const early = await request(stack.http).patch(`/api/projects/${id}`).set(admin).send({ plan_end_date: '2020-01-01', timezone: 'UTC' });
    expect(early.status).toBe(422);
    expect((early.body.error.issues as IssueBody[])[0]).toMatchObject({ field: 'plan_end_date', code: 'INVALID_VALUE' });
    expect((await request(stack.http).patch(`/api/projects/${id}`).set(admin).send({ plan_end_date: '2026-07-01', timezone: 'UTC' })).status).toBe(200);
    const late = await request(stack.http).patch(`/api/projects/${id}`).set(admin).send({ plan_start_date: '2026-08-01', timezone: 'UTC' });
    expect(late.status).toBe(422);
    // The field sent is the one refused, with what was sent; its message names the stored end it passes.
    expect((late.body.error.issues as IssueBody[])[0]).toMatchObject({
      field: 'plan_start_date',
      code: 'INVALID_VALUE',
      received: '2026-08-01',
      message: 'plan_start_date is after plan_end_date (2026-07-01T00:00:00+00:00, as stored).',
    });
  });

  it('does not let user_update deactivate a user: that is user_deactivate, held for approval', async () => {
    const made = await request(stack.http).post('/api/users').set(admin).send({ name: 'victim.one', profiles_id: 'Self-Service', entities_id: 'Root entity' });
    expect(made.status).toBe(201);
    const id = made.body.id as number;
    const client = await connectHttp(stack.url, await stack.token('glpi', ['mcp']));
    try {
      const session = await openSession(client, 'user');
      failure(await callTool(client, 'user_deactivate', { domain: 'user', session_id: session, id }), 'APPROVAL_REQUIRED');
      // The flag's own words are its values too: "inactive" is false, never "must be true or false".
      for (const value of [false, 'não', 'false', 'inactive', 'Inativo', 'disabled', 'desativado']) {
        const refused = failure(await callTool(client, 'user_update', { domain: 'user', session_id: session, id, is_active: value }), 'VALIDATION_FAILED');
        const issue = refused.error.issues?.find((i) => i.field === 'is_active');
        expect(issue).toMatchObject({ code: 'INVALID_VALUE' });
        expect(issue?.message).toContain('user_deactivate');
      }
      // Reactivating stays an update.
      success(await callTool(client, 'user_update', { domain: 'user', session_id: session, id, is_active: true, dry_run: true }));
      const reactivated = success(await callTool(client, 'user_update', { domain: 'user', session_id: session, id, is_active: 'ativo', dry_run: true }));
      expect(reactivated.applied).toMatchObject({ is_active: true });
    } finally {
      await client.close();
    }
    const patched = await request(stack.http).patch(`/api/users/${id}`).set(admin).send({ is_active: false });
    expect(patched.status).toBe(422);
    expect((patched.body.error.issues as IssueBody[])[0]).toMatchObject({ field: 'is_active', code: 'INVALID_VALUE' });
    expect((await request(stack.http).get(`/api/users/${id}`).set(admin)).body.data.is_active).toBe(true);
  });
});
