import request from 'supertest';
import { DATABASES } from './support/databases.js';
import { startStack, type TestStack } from './support/test-app.js';

describe.each(DATABASES)('projects REST on %s', (kind) => {
  let stack: TestStack;
  let auth: { Authorization: string };

  beforeAll(async () => {
    stack = await startStack(kind);
    auth = { Authorization: `Bearer ${await stack.token('glpi', ['api'])}` };
  });
  afterAll(async () => stack?.close());

  it('refuses a request without a token', async () => {
    const res = await request(stack.http).get('/api/projects');
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/Bearer/);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
  });

  it('lists the demo projects', async () => {
    const res = await request(stack.http).get('/api/projects').set(auth);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    expect(res.body.data.items.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['Migração ERP', 'Portal do cliente']));
  });
});
