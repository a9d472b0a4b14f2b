/**
 * Both MCP eras on one server: the stateless 2026-07-28 revision (no initialize; revision and
 * capabilities in every request's _meta; server/discover; Mcp-Method / Mcp-Name headers checked
 * against the body; resultType and cache hints on results) beside the 2025 handshake, over HTTP
 * and stdio, as raw JSON-RPC so every byte the revision defines is seen.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { DataSource } from 'typeorm';
import { DATABASES } from './support/databases.js';
import { MAIN_JS, REPO_ROOT, stdioEnv } from './support/mcp-client.js';
import { startStack, type TestStack } from './support/test-app.js';

const MODERN = '2026-07-28';
const META = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '0' },
};

interface RpcAnswer {
  id?: unknown;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: Record<string, unknown> };
}

interface ToolEnvelope {
  status: 'success' | 'error';
  data?: { session_id?: string; items?: Array<{ name?: string }> };
  error?: { code: string; next_call?: unknown };
}

let nextId = 1;
function modernRequest(
  method: string,
  params: Record<string, unknown> = {},
  meta: Record<string, unknown> = META,
): { jsonrpc: '2.0'; id: number; method: string; params: Record<string, unknown> } {
  return { jsonrpc: '2.0', id: nextId++, method, params: { ...params, _meta: meta } };
}

/** The headers a 2026-07-28 client sends with a request: revision, method and (for tools/call) the tool. */
function mirrored(body: { method: string; params: Record<string, unknown> }): Record<string, string> {
  return {
    'MCP-Protocol-Version': MODERN,
    'Mcp-Method': body.method,
    ...(typeof body.params.name === 'string' ? { 'Mcp-Name': body.params.name } : {}),
  };
}

function envelopeOf(answer: RpcAnswer): ToolEnvelope {
  return answer.result?.structuredContent as ToolEnvelope;
}

describe.each(DATABASES)('MCP 2026-07-28 beside 2025-11-25 on %s', (kind) => {
  let stack: TestStack;
  let token: string;

  beforeAll(async () => {
    stack = await startStack(kind);
    token = await stack.token('glpi', ['mcp']);
  });
  afterAll(async () => stack?.close());

  async function post(body: unknown, headers: Record<string, string>): Promise<{ status: number; answer: RpcAnswer }> {
    const res = await fetch(`${stack.url}/mcp`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, answer: (text ? JSON.parse(text) : {}) as RpcAnswer };
  }

  /** A well-formed modern request: body and mirrored headers agree. */
  async function modern(method: string, params: Record<string, unknown> = {}): Promise<{ status: number; answer: RpcAnswer }> {
    const body = modernRequest(method, params);
    return post(body, mirrored(body));
  }

  async function call(name: string, args: Record<string, unknown>): Promise<ToolEnvelope> {
    const { status, answer } = await modern('tools/call', { name, arguments: args });
    expect(status).toBe(200);
    expect(answer.result).toMatchObject({ resultType: 'complete' });
    return envelopeOf(answer);
  }

  describe('over HTTP', () => {
    it('answers server/discover with no handshake: every revision, the tools capability, the server, public cache hints', async () => {
      const { status, answer } = await modern('server/discover');
      expect(status).toBe(200);
      expect(answer.result).toMatchObject({
        resultType: 'complete',
        supportedVersions: expect.arrayContaining([MODERN, '2025-11-25']),
        capabilities: { tools: {} },
        instructions: expect.stringContaining('domain_switch'),
        _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'intentdesk' } },
        cacheScope: 'public',
      });
      expect(answer.result?.ttlMs).toBeGreaterThan(0);
    });

    it('lists the same tools as the 2025 revision, with resultType and private cache hints', async () => {
      const { status, answer } = await modern('tools/list');
      expect(status).toBe(200);
      expect(answer.result).toMatchObject({ resultType: 'complete', cacheScope: 'private', ttlMs: 300_000 });
      // Served from the cached list: the same result again (only the id differs).
      expect((await modern('tools/list')).answer.result).toEqual(answer.result);
      const legacy = await post({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }, {});
      expect(legacy.answer.result).not.toHaveProperty('resultType');
      expect(legacy.answer.result).not.toHaveProperty('ttlMs');
      const names = (result: Record<string, unknown> | undefined) => (result?.tools as Array<{ name: string }>).map((t) => t.name);
      expect(names(answer.result)).toEqual(names(legacy.answer.result));
    });

    it('runs the intent lock statelessly: switch, refusal with next_call, switch again', async () => {
      const opened = await call('domain_switch', { domain: 'project' });
      const sessionId = opened.data?.session_id;
      expect(sessionId).toMatch(/^ses_/);
      const found = await call('project_search', { domain: 'project', session_id: sessionId, query: 'ERP' });
      expect(found.data?.items?.map((item) => item.name)).toContain('Migração ERP');
      const refused = await call('ticket_search', { domain: 'ticket', session_id: sessionId });
      expect(refused.error).toMatchObject({
        code: 'INTENT_LOCKED',
        next_call: { tool: 'domain_switch', arguments: { domain: 'ticket', session_id: sessionId } },
      });
      const switched = await call('domain_switch', { domain: 'ticket', session_id: sessionId });
      expect(switched.status).toBe('success');
      expect((await call('ticket_search', { domain: 'ticket', session_id: sessionId })).status).toBe('success');
    });

    it('reads an Mcp-Name sent in the base64 form', async () => {
      const body = modernRequest('tools/call', { name: 'session_status', arguments: {} });
      const { status, answer } = await post(body, { ...mirrored(body), 'Mcp-Name': `=?base64?${Buffer.from('session_status').toString('base64')}?=` });
      expect(status).toBe(200);
      expect(answer.result).toMatchObject({ resultType: 'complete' });
    });

    it.each([
      ['an Mcp-Name naming another tool', { 'Mcp-Name': 'project_delete' }, 'Mcp-Name'],
      ['no Mcp-Name', { 'Mcp-Name': undefined }, 'Mcp-Name'],
      ['an Mcp-Method naming another method', { 'Mcp-Method': 'tools/list' }, 'Mcp-Method'],
      ['no Mcp-Method', { 'Mcp-Method': undefined }, 'Mcp-Method'],
      ['an MCP-Protocol-Version other than the body', { 'MCP-Protocol-Version': '2025-11-25' }, 'MCP-Protocol-Version'],
      ['no MCP-Protocol-Version', { 'MCP-Protocol-Version': undefined }, 'MCP-Protocol-Version'],
    ])('refuses a tools/call with %s: 400, -32020', async (_label, change, header) => {
      const body = modernRequest('tools/call', { name: 'domain_switch', arguments: { domain: 'project' } });
      const headers = Object.fromEntries(Object.entries({ ...mirrored(body), ...change }).filter((entry): entry is [string, string] => entry[1] !== undefined));
      const { status, answer } = await post(body, headers);
      expect(status).toBe(400);
      expect(answer.error).toMatchObject({ code: -32020, message: expect.stringContaining(header) });
      expect(answer.id).toBe(body.id);
    });

    it.each([
      ['no MCP-Protocol-Version', {}],
      ['a 2025-11-25 MCP-Protocol-Version', { 'MCP-Protocol-Version': '2025-11-25' }],
    ])('refuses a 2025 tools/call whose Mcp-Method or Mcp-Name says otherwise than its body, with %s: 400, -32020', async (_label, version) => {
      const body = { jsonrpc: '2.0', id: 41, method: 'tools/call', params: { name: 'domain_switch', arguments: { domain: 'project' } } };
      const otherName = await post(body, { ...version, 'Mcp-Method': 'tools/call', 'Mcp-Name': 'session_status' });
      expect(otherName.status).toBe(400);
      expect(otherName.answer).toMatchObject({ id: 41, error: { code: -32020, message: expect.stringContaining("Mcp-Name header value 'session_status'") } });
      const onlyName = await post(body, { ...version, 'Mcp-Name': 'session_status' });
      expect(onlyName.status).toBe(400);
      expect(onlyName.answer.error).toMatchObject({ code: -32020, message: expect.stringContaining('Mcp-Name') });
      const otherMethod = await post(body, { ...version, 'Mcp-Method': 'tools/list' });
      expect(otherMethod.status).toBe(400);
      expect(otherMethod.answer.error).toMatchObject({ code: -32020, message: expect.stringContaining('Mcp-Method') });
      // Headers that say what the body says, or none at all (2025 clients send none), run as before.
      expect((await post(body, { ...version, 'Mcp-Method': 'tools/call', 'Mcp-Name': 'domain_switch' })).status).toBe(200);
      expect((await post(body, version)).status).toBe(200);
    });

    it('refuses each message of a 2025 batch that its Mcp-Method or Mcp-Name contradicts, and runs the others', async () => {
      const batch = [
        { jsonrpc: '2.0', id: 51, method: 'tools/call', params: { name: 'session_status', arguments: {} } },
        { jsonrpc: '2.0', id: 52, method: 'tools/call', params: { name: 'domain_switch', arguments: { domain: 'project' } } },
      ];
      const res = await fetch(`${stack.url}/mcp`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          'Mcp-Method': 'tools/call',
          'Mcp-Name': 'session_status',
        },
        body: JSON.stringify(batch),
      });
      const answers = (await res.json()) as RpcAnswer[];
      const byId = new Map(answers.map((answer) => [answer.id, answer]));
      expect(byId.get(51)?.result).toBeDefined();
      expect(byId.get(52)?.error).toMatchObject({ code: -32020, message: expect.stringContaining("Mcp-Name header value 'session_status'") });
    });

    it('runs nothing for a refused mismatch: no call reaches the audit log', async () => {
      const audited = async (): Promise<number> => {
        await stack.flushAudit();
        const row = await stack.app.get(DataSource).createQueryBuilder().select('COUNT(*)', 'n').from('audit_log', 'a').getRawOne<{ n: number | string }>();
        return Number(row?.n);
      };
      const before = await audited();
      const body = modernRequest('tools/call', { name: 'domain_switch', arguments: { domain: 'project' } });
      expect((await post(body, { ...mirrored(body), 'Mcp-Name': 'session_status' })).status).toBe(400);
      expect(await audited()).toBe(before);
      // The same call with agreeing headers runs, and is audited.
      expect((await post(body, mirrored(body))).status).toBe(200);
      expect(await audited()).toBe(before + 1);
    });

    it('answers a revision it does not speak with -32022 and the list of those it does, in _meta and in the header alike', async () => {
      const body = modernRequest('tools/list', {}, { ...META, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' });
      const inMeta = await post(body, { ...mirrored(body), 'MCP-Protocol-Version': '2099-01-01' });
      expect(inMeta.status).toBe(400);
      expect(inMeta.answer.error).toMatchObject({ code: -32022, data: { supported: expect.arrayContaining([MODERN, '2025-11-25']), requested: '2099-01-01' } });
      const inHeader = await post({ jsonrpc: '2.0', id: 3, method: 'tools/list', params: {} }, { 'MCP-Protocol-Version': '2099-01-01' });
      expect(inHeader.status).toBe(400);
      expect(inHeader.answer.error).toMatchObject({ code: -32022, data: { supported: expect.arrayContaining([MODERN]) } });
    });

    it('refuses a modern request without its capabilities, or a 2026-07-28 header over a body without _meta, as invalid params (400)', async () => {
      const noCapabilities = modernRequest('tools/list', {}, { 'io.modelcontextprotocol/protocolVersion': MODERN });
      const first = await post(noCapabilities, mirrored(noCapabilities));
      expect(first.status).toBe(400);
      expect(first.answer.error).toMatchObject({ code: -32602, message: expect.stringContaining('clientCapabilities') });
      const noMeta = await post({ jsonrpc: '2.0', id: 4, method: 'tools/list', params: {} }, { 'MCP-Protocol-Version': MODERN, 'Mcp-Method': 'tools/list' });
      expect(noMeta.status).toBe(400);
      expect(noMeta.answer.error).toMatchObject({ code: -32602 });
    });

    it('answers 404 / -32601 for methods the revision removed (initialize, ping)', async () => {
      for (const method of ['initialize', 'ping']) {
        const { status, answer } = await modern(method);
        expect(status).toBe(404);
        expect(answer.error).toMatchObject({ code: -32601, message: expect.stringContaining('server/discover') });
      }
    });

    it('keeps serving 2025 clients: initialize, then tools/call without _meta', async () => {
      const init = await post(
        { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '0' } } },
        {},
      );
      expect(init.answer.result).toMatchObject({ protocolVersion: '2025-11-25', serverInfo: { name: 'intentdesk' } });
      const switched = await post(
        { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'domain_switch', arguments: { domain: 'user' } } },
        { 'MCP-Protocol-Version': '2025-11-25' },
      );
      expect(switched.status).toBe(200);
      expect(switched.answer.result).not.toHaveProperty('resultType');
      expect(envelopeOf(switched.answer).status).toBe('success');
    });
  });

  describe('over stdio', () => {
    let child: ChildProcessWithoutNullStreams;
    const answers = new Map<unknown, (answer: RpcAnswer) => void>();
    let stderr = '';

    beforeAll(() => {
      child = spawn(process.execPath, [MAIN_JS, '--stdio'], { cwd: REPO_ROOT, env: stdioEnv(stack.db.url, token), stdio: ['pipe', 'pipe', 'pipe'] });
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      createInterface({ input: child.stdout }).on('line', (line) => {
        const answer = JSON.parse(line) as RpcAnswer;
        answers.get(answer.id)?.(answer);
      });
    });
    afterAll(async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.end();
      await exited;
    });

    function send(body: { id: number }): Promise<RpcAnswer> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no answer to ${body.id}; stderr: ${stderr}`)), 20_000);
        answers.set(body.id, (answer) => {
          clearTimeout(timer);
          resolve(answer);
        });
        child.stdin.write(`${JSON.stringify(body)}\n`);
      });
    }

    it('answers server/discover and runs tools with no initialize', async () => {
      const discovered = await send(modernRequest('server/discover'));
      expect(discovered.result).toMatchObject({ resultType: 'complete', supportedVersions: expect.arrayContaining([MODERN]) });
      const listed = await send(modernRequest('tools/list'));
      expect(listed.result).toMatchObject({ resultType: 'complete', cacheScope: 'private' });
      const opened = envelopeOf(await send(modernRequest('tools/call', { name: 'domain_switch', arguments: { domain: 'project' } })));
      const sessionId = opened.data?.session_id;
      const refused = envelopeOf(await send(modernRequest('tools/call', { name: 'user_search', arguments: { domain: 'user', session_id: sessionId } })));
      expect(refused.error).toMatchObject({
        code: 'INTENT_LOCKED',
        next_call: { tool: 'domain_switch', arguments: { domain: 'user', session_id: sessionId } },
      });
    });

    it('answers an unknown revision with -32022, and serves a 2025 initialize on the same process', async () => {
      const refused = await send(modernRequest('tools/list', {}, { ...META, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' }));
      expect(refused.error).toMatchObject({ code: -32022, data: { supported: expect.arrayContaining([MODERN, '2025-11-25']) } });
      const init = await send({
        jsonrpc: '2.0',
        id: nextId++,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
      } as { id: number });
      expect(init.result).toMatchObject({ protocolVersion: '2025-11-25', serverInfo: { name: 'intentdesk' } });
    });
  });
});
