import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { databaseLabel } from '../src/config/app-config.js';
import { loadConfig } from '../src/config/env.schema.js';
import { createTestDatabase, DATABASES, type TestDatabase } from './support/databases.js';
import { callTool, connectStdio, failure, itemNames, MAIN_JS, openSession, REPO_ROOT, type StdioConnection, stdioEnv, success } from './support/mcp-client.js';
import { callHoldingNonUtf8 } from './support/not-utf8.js';
import { startApp } from './support/test-app.js';

const PROCESS_TIMEOUT_MS = 30_000;

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** The log line that delivered a one-time code (the log is written off the main thread: polled a few seconds). */
async function codeLineIn(stderr: () => string): Promise<RegExpExecArray> {
  for (let tries = 0; tries < 100; tries++) {
    const line = /verification code for glpi \(session ([\w-]+)\): (\d{6})/.exec(stderr());
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no one-time code in stderr:\n${stderr()}`);
}

function spawnStdio(env: Record<string, string>): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [MAIN_JS, '--stdio'], { cwd: REPO_ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
}

/** Collects a child's output until it exits; kills it (and fails) if it outlives PROCESS_TIMEOUT_MS. */
function exitOf(child: ChildProcessWithoutNullStreams): Promise<Exit> {
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`stdio process did not exit within ${PROCESS_TIMEOUT_MS} ms\nstderr: ${stderr}`));
    }, PROCESS_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

describe.each(DATABASES)('MCP over stdio on %s', (kind) => {
  let db: TestDatabase;
  let token: string;
  let apiOnlyToken: string;

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    // One HTTP start migrates and seeds the database; the stdio processes then share it.
    const app = await startApp(db.url);
    try {
      token = await app.token('glpi', ['mcp']);
      apiOnlyToken = await app.token('glpi', ['api']);
    } finally {
      await app.close();
    }
  });
  afterAll(async () => {
    await db?.drop();
  });

  describe('with the SDK client', () => {
    let connection: StdioConnection;

    beforeAll(async () => {
      connection = await connectStdio(db.url, token);
    });
    afterAll(async () => {
      await connection?.close();
    });

    it('lists the tools', async () => {
      const { tools } = await connection.client.listTools();
      expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['domain_switch', 'session_status', 'project_search', 'project_create']));
    });

    it('opens a project session and searches projects in it', async () => {
      const sessionId = await openSession(connection.client, 'project');
      const found = success(await callTool(connection.client, 'project_search', { domain: 'project', session_id: sessionId, query: 'ERP' }));
      expect(itemNames(found)).toContain('Migração ERP');
    });

    it('answers an unknown tool with its message once, as HTTP does', async () => {
      const error = await connection.client.callTool({ name: 'project_serch', arguments: { domain: 'project' } }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(McpError);
      const { code, message, data } = error as McpError;
      const closest = (data as { did_you_mean: string[] }).did_you_mean;
      expect(code).toBe(ErrorCode.InvalidParams);
      expect(closest).toContain('project_search');
      // The client prefixes "MCP error <code>: " to the server's message; the server's own is the bare text.
      expect(message).toBe(`MCP error -32602: Unknown tool 'project_serch'. Closest tools: ${closest.join(', ')}. Call tools/list for the catalogue.`);
    });

    it('enforces the intent lock', async () => {
      const sessionId = await openSession(connection.client, 'ticket');
      const locked = failure(await callTool(connection.client, 'project_search', { domain: 'project', session_id: sessionId }), 'INTENT_LOCKED');
      expect(locked.error.next_call).toEqual({ tool: 'domain_switch', arguments: { domain: 'project', session_id: sessionId } });
      expect(locked).not.toHaveProperty('data');
    });
  });

  it('answers every write that creates a record as it stored it, its answer passing the SDK client’s own check of a result', async () => {
    const writer = await connectStdio(db.url, token, { OTP_REQUIRED_FOR: 'none' });
    try {
      const tickets = await openSession(writer.client, 'ticket');
      const created = success(
        await callTool(writer.client, 'ticket_create', { domain: 'ticket', session_id: tickets, name: 'Created over stdio', content: 'x' }),
      );
      expect(created).toMatchObject({ id: expect.any(Number), applied: { name: 'Created over stdio' } });
      const entry = success(
        await callTool(writer.client, 'ticket_add_entry', {
          domain: 'ticket',
          session_id: tickets,
          id: created.id,
          kind: 'followup',
          content: 'A followup over stdio',
        }),
      );
      expect(entry.id).toEqual(expect.any(Number));
      const projects = await openSession(writer.client, 'project');
      const project = success(await callTool(writer.client, 'project_create', { domain: 'project', session_id: projects, name: 'Projeto via stdio' }));
      expect(project.id).toEqual(expect.any(Number));
      const read = success(await callTool(writer.client, 'ticket_get', { domain: 'ticket', session_id: tickets, id: created.id }));
      expect(read.data).toMatchObject({ id: created.id, name: 'Created over stdio' });
    } finally {
      await writer.close();
    }
  });

  it('writes nothing but JSON-RPC messages to stdout', async () => {
    const child = spawnStdio(stdioEnv(db.url, token));
    const exit = exitOf(child);
    const lines = createInterface({ input: child.stdout });
    const responses = new Set<number>();
    const answered = new Promise<void>((resolve) => {
      lines.on('line', (line) => {
        try {
          const message = JSON.parse(line) as { id?: number };
          if (typeof message.id === 'number') responses.add(message.id);
        } catch {
          // reported below, where every stdout line must parse
        }
        if (responses.has(2)) resolve();
      });
    });
    const send = (message: object): void => {
      child.stdin.write(`${JSON.stringify(message)}\n`);
    };
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
    });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} });
    try {
      await Promise.race([answered, exit.then((e) => Promise.reject(new Error(`exited early (${e.code}): ${e.stderr}`)))]);
    } finally {
      child.stdin.end();
    }
    const { code, stdout } = await exit;
    expect(code).toBe(0);

    const messages = stdout
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => JSON.parse(line) as { jsonrpc?: unknown; id?: unknown; result?: unknown; error?: unknown; method?: unknown });
    expect(messages.length).toBeGreaterThanOrEqual(2);
    for (const message of messages) {
      expect(message.jsonrpc).toBe('2.0');
      expect('result' in message || 'error' in message || 'method' in message).toBe(true);
    }
    expect(messages.find((m) => m.id === 1)).toMatchObject({ result: { serverInfo: { name: 'intentdesk' } } });
    expect(messages.find((m) => m.id === 2)).toMatchObject({ result: { tools: expect.arrayContaining([expect.objectContaining({ name: 'domain_switch' })]) } });
  });

  /** A stdio server that has answered `initialize` (so it is fully up), with its exit to come. */
  async function readyStdio(
    env: Record<string, string> = {},
    capabilities: object = {},
  ): Promise<{ child: ChildProcessWithoutNullStreams; exit: Promise<Exit> }> {
    const child = spawnStdio(stdioEnv(db.url, token, env));
    const exit = exitOf(child);
    const lines = createInterface({ input: child.stdout });
    const initialized = new Promise<void>((resolve) => lines.on('line', (line) => line.includes('"id":1') && resolve()));
    child.stdin.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities, clientInfo: { name: 'raw', version: '0' } } })}\n`,
    );
    await Promise.race([initialized, exit.then((e) => Promise.reject(new Error(`exited early (${e.code}): ${e.stderr}`)))]);
    return { child, exit };
  }

  /** A stdio server after `initialize`, spoken to in raw lines: each answer line is read back parsed. */
  async function rawStdio(
    env: Record<string, string> = {},
    capabilities: object = {},
  ): Promise<{ send: (line: string | Buffer) => void; answer: () => Promise<unknown>; end: () => Promise<Exit> }> {
    const { child, exit } = await readyStdio(env, capabilities);
    const lines = createInterface({ input: child.stdout });
    const waiting: Array<(line: string) => void> = [];
    const unread: string[] = [];
    lines.on('line', (line) => {
      const reader = waiting.shift();
      if (reader) reader(line);
      else unread.push(line);
    });
    const answer = (): Promise<unknown> =>
      new Promise<string>((resolve, reject) => {
        const line = unread.shift();
        if (line !== undefined) {
          resolve(line);
          return;
        }
        const timer = setTimeout(() => reject(new Error('no answer line within 10 s')), 10_000);
        waiting.push((next) => {
          clearTimeout(timer);
          resolve(next);
        });
      }).then((line) => JSON.parse(line) as unknown);
    return {
      send: (line) => child.stdin.write(typeof line === 'string' ? `${line}\n` : Buffer.concat([line, Buffer.from('\n')])),
      answer,
      end: () => {
        child.stdin.end();
        return exit;
      },
    };
  }

  describe('answers every line as HTTP answers its body', () => {
    let stdio: Awaited<ReturnType<typeof rawStdio>>;
    const ping = (id: number): string => JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' });

    beforeAll(async () => {
      stdio = await rawStdio();
    });
    afterAll(async () => {
      expect((await stdio?.end())?.code).toBe(0);
    });

    it('answers a line that is not JSON with -32700 (id null), and serves the next line', async () => {
      stdio.send('garbage{');
      expect(await stdio.answer()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: invalid JSON.' } });
      stdio.send(ping(10));
      expect(await stdio.answer()).toEqual({ jsonrpc: '2.0', id: 10, result: {} });
    });

    it('answers a line whose bytes are not UTF-8 with -32700, never reading it with replacement characters', async () => {
      stdio.send(callHoldingNonUtf8(31));
      expect(await stdio.answer()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the text is not valid UTF-8.' } });
      stdio.send(ping(32));
      expect(await stdio.answer()).toEqual({ jsonrpc: '2.0', id: 32, result: {} });
    });

    it('answers JSON that is no JSON-RPC message with -32600', async () => {
      stdio.send('{"jsonrpc":"2.0","id":11}');
      expect(await stdio.answer()).toEqual({
        jsonrpc: '2.0',
        id: 11,
        error: { code: -32600, message: 'Invalid Request: not a JSON-RPC 2.0 message.' },
      });
    });

    it('answers a 2025 batch in one line, refusing the 2026-07-28 request in it, and refuses an empty batch', async () => {
      const modern = {
        jsonrpc: '2.0',
        id: 14,
        method: 'tools/list',
        params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } },
      };
      stdio.send(`[${ping(12)},{"jsonrpc":"2.0","id":13,"method":"tools/list"},${JSON.stringify(modern)},{"jsonrpc":"2.0","method":"notifications/x"}]`);
      const answers = (await stdio.answer()) as Array<{ id: number; result?: { tools?: unknown[] }; error?: unknown }>;
      expect(answers.map((a) => a.id).sort()).toEqual([12, 13, 14]);
      expect(answers.find((a) => a.id === 12)).toEqual({ jsonrpc: '2.0', id: 12, result: {} });
      expect(answers.find((a) => a.id === 13)?.result?.tools).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'domain_switch' })]));
      expect(answers.find((a) => a.id === 14)).toEqual({
        jsonrpc: '2.0',
        id: 14,
        error: { code: -32600, message: 'Invalid Request: a 2026-07-28 request is sent alone, not in a batch.' },
      });
      stdio.send('[]');
      expect(await stdio.answer()).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Invalid Request: send one JSON-RPC message (or a batch of at most 50).' },
      });
    });

    it('answers an unknown method naming the methods that exist', async () => {
      stdio.send(JSON.stringify({ jsonrpc: '2.0', id: 'x1', method: 'tools/frobnicate', params: {} }));
      expect(await stdio.answer()).toEqual({
        jsonrpc: '2.0',
        id: 'x1',
        error: { code: -32601, message: 'Method not found: tools/frobnicate. This server offers initialize, ping, tools/list, tools/call.' },
      });
    });

    it('answers params a method cannot take as HTTP does: -32602 saying what is wrong, never an internal error', async () => {
      const call = (id: number, params?: unknown): string =>
        JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', ...(params === undefined ? {} : { params }) });
      const invalid = (id: number, message: string) => ({ jsonrpc: '2.0', id, error: { code: -32602, message } });
      stdio.send(call(16, { name: 'ticket_get', arguments: 'id=1' }));
      expect(await stdio.answer()).toEqual(invalid(16, 'tools/call params.arguments must be an object.'));
      stdio.send(call(17, { name: 'ticket_get', arguments: [1] }));
      expect(await stdio.answer()).toEqual(invalid(17, 'tools/call params.arguments must be an object.'));
      // The JSON text of an object, as a bridge from a model's function calling passes it on, is read as that object.
      stdio.send(call(21, { name: 'domain_switch', arguments: JSON.stringify({ domain: 'ticket' }) }));
      expect(await stdio.answer()).toMatchObject({
        jsonrpc: '2.0',
        id: 21,
        result: { structuredContent: { status: 'success', applied: { domain: 'ticket' } } },
      });
      // Null or a blank text: no arguments; the tool names what it needs.
      for (const [id, args] of [
        [22, null],
        [23, ' '],
      ] as const) {
        stdio.send(call(id, { name: 'domain_switch', arguments: args }));
        expect(await stdio.answer()).toMatchObject({
          id,
          result: { structuredContent: { error: { code: 'VALIDATION_FAILED', issues: [{ field: 'domain' }] } } },
        });
      }
      stdio.send(call(18, { name: 5 }));
      expect(await stdio.answer()).toEqual(invalid(18, 'tools/call needs params.name (the tool name).'));
      stdio.send(call(19));
      expect(await stdio.answer()).toEqual(invalid(19, 'tools/call needs params.name (the tool name).'));
      // tools/list has one page: a cursor of any kind lists it, as on HTTP.
      stdio.send(JSON.stringify({ jsonrpc: '2.0', id: 20, method: 'tools/list', params: { cursor: 5 } }));
      expect(((await stdio.answer()) as { result: { tools: unknown[] } }).result.tools).toEqual(
        expect.arrayContaining([expect.objectContaining({ name: 'domain_switch' })]),
      );
    });

    it('answers an unknown tool with the bare message and the closest tools', async () => {
      stdio.send(JSON.stringify({ jsonrpc: '2.0', id: 15, method: 'tools/call', params: { name: 'project_serch', arguments: {} } }));
      const { error } = (await stdio.answer()) as { error: { code: number; message: string; data: { did_you_mean: string[] } } };
      expect(error.code).toBe(-32602);
      expect(error.data.did_you_mean).toContain('project_search');
      expect(error.message).toBe(`Unknown tool 'project_serch'. Closest tools: ${error.data.did_you_mean.join(', ')}. Call tools/list for the catalogue.`);
    });
  });

  it('answers a held write to a client with URL elicitation with -32042 and the bare message, as HTTP does', async () => {
    const stdio = await rawStdio({ APPROVAL_REQUIRED_FOR: 'write' }, { elicitation: { url: {} } });
    try {
      const call = (id: number, name: string, args: object): string =>
        JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
      stdio.send(call(20, 'domain_switch', { domain: 'project' }));
      const opened = (await stdio.answer()) as { result: { structuredContent: { data: { session_id: string } } } };
      const sessionId = opened.result.structuredContent.data.session_id;
      stdio.send(call(21, 'project_create', { domain: 'project', session_id: sessionId, name: 'Aprovação stdio', projectstates_id: 'New' }));
      const { error } = (await stdio.answer()) as { error: { code: number; message: string; data: { elicitations: Array<{ mode: string }> } } };
      expect(error.code).toBe(-32042);
      expect(error.message).toBe('Approve this project_create call in your browser; nothing is written until you do.');
      expect(error.data.elicitations).toEqual([expect.objectContaining({ mode: 'url' })]);
    } finally {
      expect((await stdio.end()).code).toBe(0);
    }
  });

  /** How a desktop client ends a stdio server: closing its stdin, or SIGTERM. */
  it.each([
    ['stdin closes', (child: ChildProcessWithoutNullStreams) => child.stdin.end()],
    ['SIGTERM arrives', (child: ChildProcessWithoutNullStreams) => child.kill('SIGTERM')],
  ])('shuts down once, cleanly and within 2 s, when %s', async (_case, stop) => {
    const { child, exit } = await readyStdio();
    const stoppedAt = Date.now();
    stop(child);
    const { code, signal, stderr } = await exit;
    const tookMs = Date.now() - stoppedAt;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(stderr).not.toMatch(/RangeError|Maximum call stack/);
    expect(stderr).not.toMatch(/^\s+at /m); // no stack trace of any kind
    expect(tookMs).toBeLessThan(2000); // the bound a desktop client waits before it kills the server
  });

  it.each(['warn', 'error'])('delivers a one-time code to the log whatever LOG_LEVEL (%s) leaves out', async (level) => {
    const connection = await connectStdio(db.url, token, { OTP_REQUIRED_FOR: 'write', OTP_DELIVERY: 'log', LOG_LEVEL: level });
    try {
      const sessionId = await openSession(connection.client, 'project');
      success(await callTool(connection.client, 'auth_request_otp', { session_id: sessionId }));
      const sent = await codeLineIn(connection.stderr);
      expect(sent[1]).toBe(sessionId);
      success(await callTool(connection.client, 'auth_verify_otp', { session_id: sessionId, code: sent[2] }));
    } finally {
      await connection.close();
    }
  });

  it('names the database it opened on stderr', async () => {
    const { child, exit } = await readyStdio();
    child.stdin.end();
    const { stderr } = await exit;
    expect(stderr).toContain(`Database ${databaseLabel(loadConfig({ DATABASE_URL: db.url }).database)}`);
  });

  it('exits non-zero with a message on stderr when MCP_TOKEN is missing', async () => {
    const child = spawnStdio(stdioEnv(db.url, undefined));
    const { code, stdout, stderr } = await exitOf(child);
    expect(code).not.toBe(0);
    expect(stderr).toContain('MCP_TOKEN');
    expect(stdout).toBe('');
  });

  it.each([
    ['unknown', () => 'not-a-real-token'],
    ['without the mcp scope', () => apiOnlyToken],
  ])('exits non-zero with a message on stderr when MCP_TOKEN is %s', async (_case, tokenOf) => {
    const child = spawnStdio(stdioEnv(db.url, tokenOf()));
    const { code, stdout, stderr } = await exitOf(child);
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/MCP_TOKEN rejected/);
    // The usual cause is a token made in another database: the message says which one was searched.
    expect(stderr).toContain(`database ${databaseLabel(loadConfig({ DATABASE_URL: db.url }).database)}`);
    expect(stdout).toBe('');
  });
});
