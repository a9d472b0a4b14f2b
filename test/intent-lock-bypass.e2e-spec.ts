import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { DataSource } from 'typeorm';
import type { ErrorEnvelope } from '../src/envelope/envelope.js';
import { createTestDatabase, DATABASES, type TestDatabase } from './support/databases.js';
import { callTool, connectHttp, connectStdio, failure, openSession, success, type ToolCall } from './support/mcp-client.js';
import { startApp, startStack, type TestStack } from './support/test-app.js';

/**
 * The intent lock under attack: a session_id that is present but empty, blank or not a string must
 * be answered exactly as a missing one (VALIDATION_FAILED, session_id REQUIRED, next_call
 * domain_switch), whatever OTP_REQUIRED_FOR says, and nothing may run or be written. `domain` is
 * read case-insensitively, and a wrong domain is DOMAIN_MISMATCH with or without a session.
 */
const NOT_A_SESSION: Array<[string, unknown]> = [
  ['empty', ''],
  ['blank', '   '],
  ['invisible', '\u200b\u2060 '],
  ['a number', 123],
];

/** Asserts the answer a call without a usable session gets, and returns it. */
function noSession(call: ToolCall, domain: string): ErrorEnvelope {
  const refused = failure(call, 'VALIDATION_FAILED');
  expect(refused.error.issues).toEqual([expect.objectContaining({ field: 'session_id', code: 'REQUIRED' })]);
  expect(refused.error.next_call).toEqual({ tool: 'domain_switch', arguments: { domain } });
  expect(refused).not.toHaveProperty('data');
  expect(refused).not.toHaveProperty('session_id');
  return refused;
}

describe.each(DATABASES)('intent lock bypass attempts on %s', (kind) => {
  for (const otp of ['none', 'destructive', 'write'] as const) {
    describe(`with OTP_REQUIRED_FOR=${otp}`, () => {
      let stack: TestStack;
      let glpi: Client;

      const count = async (sql: string, params: unknown[] = []): Promise<number> => {
        const rows = (await stack.app.get(DataSource).query(sql, params)) as Array<{ n: number | string }>;
        return Number(rows[0].n);
      };

      beforeAll(async () => {
        stack = await startStack(kind, { OTP_REQUIRED_FOR: otp });
        glpi = await connectHttp(stack.url, await stack.token('glpi', ['mcp']));
      });
      afterAll(async () => {
        await glpi?.close();
        await stack?.close();
      });

      it.each(NOT_A_SESSION)('refuses reads with a session_id that is %s', async (_label, sessionId) => {
        noSession(await callTool(glpi, 'project_search', { domain: 'project', session_id: sessionId }), 'project');
        noSession(await callTool(glpi, 'user_get', { domain: 'user', session_id: sessionId, id: 'glpi' }), 'user');
        noSession(await callTool(glpi, 'ticket_get', { domain: 'ticket', session_id: sessionId, id: 1 }), 'ticket');
      });

      it.each(NOT_A_SESSION)('refuses dry runs, creates, updates and deletes with a session_id that is %s; nothing is written', async (_label, sessionId) => {
        const tickets = await count('SELECT COUNT(*) AS n FROM glpi_tickets');
        const projects = await count('SELECT COUNT(*) AS n FROM glpi_projects WHERE is_deleted = 0');
        const title = `Sem sessão ${String(_label)}`;
        noSession(await callTool(glpi, 'ticket_create', { domain: 'ticket', session_id: sessionId, name: title, content: 'x', dry_run: true }), 'ticket');
        noSession(await callTool(glpi, 'ticket_create', { domain: 'ticket', session_id: sessionId, name: title, content: 'x' }), 'ticket');
        noSession(await callTool(glpi, 'project_create', { domain: 'project', session_id: sessionId, name: title }), 'project');
        noSession(await callTool(glpi, 'project_update', { domain: 'project', session_id: sessionId, id: 1, name: title }), 'project');
        noSession(await callTool(glpi, 'project_delete', { domain: 'project', session_id: sessionId, id: 1 }), 'project');
        noSession(await callTool(glpi, 'ticket_add_entry', { domain: 'ticket', session_id: sessionId, id: 1, content: title }), 'ticket');
        noSession(await callTool(glpi, 'user_update', { domain: 'user', session_id: sessionId, id: 'normal', realname: title }), 'user');
        expect(await count('SELECT COUNT(*) AS n FROM glpi_tickets')).toBe(tickets);
        expect(await count('SELECT COUNT(*) AS n FROM glpi_projects WHERE is_deleted = 0')).toBe(projects);
        expect(await count('SELECT COUNT(*) AS n FROM glpi_projects WHERE name = ?', [title])).toBe(0);
        expect(await count('SELECT COUNT(*) AS n FROM glpi_itilfollowups WHERE content = ?', [title])).toBe(0);
        expect(await count('SELECT COUNT(*) AS n FROM glpi_users WHERE realname = ?', [title])).toBe(0);
      });

      it('treats null and a missing session_id alike, and audits every refusal', async () => {
        noSession(await callTool(glpi, 'project_search', { domain: 'project', session_id: null }), 'project');
        noSession(await callTool(glpi, 'project_search', { domain: 'project' }), 'project');
        await stack.flushAudit();
        expect(await count("SELECT COUNT(*) AS n FROM audit_log WHERE tool = 'project_search' AND outcome = 'VALIDATION_FAILED'")).toBeGreaterThanOrEqual(2);
      });
    });
  }

  describe('domain argument', () => {
    let stack: TestStack;
    let glpi: Client;

    beforeAll(async () => {
      stack = await startStack(kind);
      glpi = await connectHttp(stack.url, await stack.token('glpi', ['mcp']));
    });
    afterAll(async () => {
      await glpi?.close();
      await stack?.close();
    });

    it('matches the domain case-insensitively (and trimmed) in a session', async () => {
      const session = await openSession(glpi, 'project');
      for (const domain of ['Project', 'PROJECT', ' project ']) {
        success(await callTool(glpi, 'project_search', { domain, session_id: session }));
      }
      success(await callTool(glpi, 'project_search', { domain: 'project', session_id: ` ${session} ` }));
    });

    it('answers a mis-cased domain without a session like any call without a session', async () => {
      noSession(await callTool(glpi, 'project_search', { domain: 'Project' }), 'project');
      noSession(await callTool(glpi, 'project_search', { domain: 'Project', session_id: '' }), 'project');
    });

    it('refuses a wrong domain with DOMAIN_MISMATCH with or without a session', async () => {
      const session = await openSession(glpi, 'project');
      const withSession = failure(await callTool(glpi, 'project_search', { domain: 'ticket', session_id: session }), 'DOMAIN_MISMATCH');
      const without = failure(await callTool(glpi, 'project_search', { domain: 'ticket' }), 'DOMAIN_MISMATCH');
      const blank = failure(await callTool(glpi, 'project_search', { domain: 'ticket', session_id: '  ' }), 'DOMAIN_MISMATCH');
      const unknown = failure(await callTool(glpi, 'project_search', { domain: 'ticket', session_id: 'ses_unknown' }), 'DOMAIN_MISMATCH');
      for (const answer of [withSession, without, blank, unknown]) {
        expect(answer.error.message).toContain('project_search');
        expect(answer.error).toMatchObject({ tool_domain: 'project', declared_domain: 'ticket' });
      }
      failure(await callTool(glpi, 'project_search', { domain: 42, session_id: session }), 'DOMAIN_MISMATCH');
      // The session is the tool's domain: fixing the argument is all it takes, no call to make first.
      expect(withSession.error.next_call).toBeUndefined();
    });

    it('gives DOMAIN_MISMATCH in a session of the declared domain the domain_switch call to make, as INTENT_LOCKED would', async () => {
      const session = await openSession(glpi, 'ticket');
      const refused = failure(await callTool(glpi, 'project_search', { domain: 'ticket', session_id: session, query: 'ERP' }), 'DOMAIN_MISMATCH');
      expect(refused.error.next_call).toEqual({ tool: 'domain_switch', arguments: { domain: 'project', session_id: session } });
      expect(refused.error.message).toContain("locked to domain 'ticket'");
      expect(refused.session_id).toBe(session);
    });

    it('reports a missing domain in a live session together with the other input problems', async () => {
      const session = await openSession(glpi, 'project');
      const missing = failure(await callTool(glpi, 'project_search', { session_id: session, limt: 5 }), 'VALIDATION_FAILED');
      expect(missing.error.issues).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ field: 'domain', code: 'REQUIRED', message: 'domain is required: "project".', expected: 'project' }),
          expect.objectContaining({ field: 'limt', code: 'UNKNOWN_FIELD' }),
        ]),
      );
      // Said the same where the session is missing too: the lock finds both.
      const both = failure(await callTool(glpi, 'project_search', {}), 'VALIDATION_FAILED');
      expect(both.error.issues).toContainEqual(
        expect.objectContaining({ field: 'domain', code: 'REQUIRED', message: 'domain is required: "project".', expected: 'project' }),
      );
    });

    it('refuses an empty session_id on the session tools as a missing one', async () => {
      const status = failure(await callTool(glpi, 'session_status', { session_id: '' }), 'VALIDATION_FAILED');
      expect(status.error.issues).toEqual([expect.objectContaining({ field: 'session_id', code: 'REQUIRED' })]);
      failure(await callTool(glpi, 'auth_request_otp', { session_id: '  ' }), 'VALIDATION_FAILED');
    });
  });
});

describe.each(DATABASES)('intent lock bypass over stdio on %s', (kind) => {
  let db: TestDatabase;
  let token: string;

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    const app = await startApp(db.url);
    try {
      token = await app.token('glpi', ['mcp']);
    } finally {
      await app.close();
    }
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('refuses an empty, blank or non-string session_id on stdio too', async () => {
    const connection = await connectStdio(db.url, token);
    try {
      for (const [, sessionId] of NOT_A_SESSION) {
        noSession(await callTool(connection.client, 'project_search', { domain: 'project', session_id: sessionId }), 'project');
        noSession(
          await callTool(connection.client, 'ticket_create', { domain: 'ticket', session_id: sessionId, name: 'stdio sem sessão', content: 'x' }),
          'ticket',
        );
      }
      failure(await callTool(connection.client, 'project_search', { domain: 'ticket' }), 'DOMAIN_MISMATCH');
    } finally {
      await connection.close();
    }
  });
});

/**
 * One request that switches its session's domain and then calls a tool of the old domain (a 2025
 * JSON-RPC batch): its calls run in the batch's order, each judged by the session as the calls
 * before it left it, so nothing of the old domain runs after the switch.
 */
describe.each(DATABASES)('the intent lock inside one batch on %s', (kind) => {
  let stack: TestStack;
  let token: string;
  let glpi: Client;

  beforeAll(async () => {
    stack = await startStack(kind, { OTP_REQUIRED_FOR: 'none' });
    token = await stack.token('glpi', ['mcp']);
    glpi = await connectHttp(stack.url, token);
  });
  afterAll(async () => {
    await glpi?.close();
    await stack?.close();
  });

  const toolCall = (id: number, name: string, args: Record<string, unknown>) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name, arguments: args },
  });

  it('judges each call of a batch by the session the calls before it left: a tool of the old domain after a switch is refused', async () => {
    const session = await openSession(glpi, 'ticket');
    const tickets = (await stack.app.get(DataSource).query('SELECT COUNT(*) AS n FROM glpi_tickets')) as Array<{ n: number | string }>;
    const res = await fetch(`${stack.url}/mcp`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        Authorization: `Bearer ${token}`,
        'MCP-Protocol-Version': '2025-03-26',
      },
      body: JSON.stringify([
        toolCall(1, 'domain_switch', { domain: 'project', session_id: session }),
        toolCall(2, 'ticket_create', { domain: 'ticket', session_id: session, name: 'Depois da troca', content: 'x' }),
        toolCall(3, 'ticket_search', { domain: 'ticket', session_id: session }),
        toolCall(4, 'project_search', { domain: 'project', session_id: session }),
      ]),
    });
    const answers = (await res.json()) as Array<{ id: number; result: { structuredContent: { status: string; error?: { code: string } } } }>;
    const outcome = (id: number) => {
      const content = answers.find((answer) => answer.id === id)!.result.structuredContent;
      return content.error?.code ?? content.status;
    };
    expect([1, 2, 3, 4].map(outcome)).toEqual(['success', 'INTENT_LOCKED', 'INTENT_LOCKED', 'success']);
    const after = (await stack.app.get(DataSource).query('SELECT COUNT(*) AS n FROM glpi_tickets')) as Array<{ n: number | string }>;
    expect(Number(after[0].n)).toBe(Number(tickets[0].n));
  });
});
