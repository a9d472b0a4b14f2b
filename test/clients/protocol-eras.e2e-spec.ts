/**
 * Both MCP eras through the clients that speak them: @modelcontextprotocol/client 2.x pinned to
 * 2026-07-28 (stateless: server/discover, then every request with its _meta and headers) and in
 * auto mode (it probes, and must pick the modern era here), and the 1.x SDK (initialize). Over
 * HTTP and stdio, each lists every tool and runs the intent-lock scenario: switch, refusal with
 * next_call, switch again. The session lives in the tool arguments, so no era needs a transport
 * session for it. The MCP Inspector CLI, set to the modern era, does the same one process per call.
 */
import { Client as ClientV2, StreamableHTTPClientTransport as HttpTransportV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioTransportV2 } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASES } from '../support/databases.js';
import { MAIN_JS, REPO_ROOT, stdioEnv } from '../support/mcp-client.js';
import { startStack, type TestStack } from '../support/test-app.js';
import { type CliRun, inspectorCli, inspectorResult, scratchHome } from './clients.js';

interface Envelope {
  status: 'success' | 'error';
  data?: { session_id?: string; items?: Array<{ name?: string }> };
  error?: { code: string; next_call?: unknown };
}

/** What the scenario needs of a connected client, whichever SDK made it. */
interface Connected {
  era: string | undefined;
  version: string | undefined;
  toolNames(): Promise<string[]>;
  call(name: string, args: Record<string, unknown>): Promise<Envelope>;
  close(): Promise<void>;
}

type Mode = 'pinned' | 'auto' | 'v1';
type Transport = 'http' | 'stdio';

const MODERN = '2026-07-28';
const INFO = { name: 'matrix-eras', version: '0.0.0' };

function envelopeOf(result: unknown): Envelope {
  const envelope = (result as { structuredContent?: Envelope }).structuredContent;
  if (!envelope) throw new Error(`no envelope in ${JSON.stringify(result).slice(0, 500)}`);
  return envelope;
}

async function connect(mode: Mode, transport: Transport, stack: TestStack, token: string): Promise<Connected> {
  const stdio = { command: process.execPath, args: [MAIN_JS, '--stdio'], cwd: REPO_ROOT, env: stdioEnv(stack.db.url, token), stderr: 'ignore' as const };
  const headers = { Authorization: `Bearer ${token}` };
  if (mode === 'v1') {
    const client = new Client(INFO);
    await client.connect(
      transport === 'http' ? new StreamableHTTPClientTransport(new URL(`${stack.url}/mcp`), { requestInit: { headers } }) : new StdioClientTransport(stdio),
    );
    return {
      era: 'legacy',
      version: undefined,
      toolNames: async () => (await client.listTools()).tools.map((t) => t.name).sort(),
      call: async (name, args) => envelopeOf(await client.callTool({ name, arguments: args })),
      close: () => client.close(),
    };
  }
  const client = new ClientV2(INFO, { versionNegotiation: { mode: mode === 'pinned' ? { pin: MODERN } : 'auto' } });
  await client.connect(transport === 'http' ? new HttpTransportV2(new URL(`${stack.url}/mcp`), { requestInit: { headers } }) : new StdioTransportV2(stdio));
  return {
    era: client.getProtocolEra(),
    version: client.getNegotiatedProtocolVersion(),
    toolNames: async () => (await client.listTools()).tools.map((t) => t.name).sort(),
    call: async (name, args) => envelopeOf(await client.callTool({ name, arguments: args })),
    close: () => client.close(),
  };
}

describe.each(DATABASES)('both MCP eras through their clients on %s', (kind) => {
  let stack: TestStack;
  let token: string;
  let toolNames: string[];

  beforeAll(async () => {
    stack = await startStack(kind);
    token = await stack.token('glpi', ['mcp']);
    const reference = await connect('v1', 'http', stack, token);
    toolNames = await reference.toolNames();
    await reference.close();
    expect(toolNames.length).toBeGreaterThanOrEqual(20);
  });
  afterAll(async () => stack?.close());

  const cases: Array<[Mode, Transport, string, string | undefined]> = [
    ['pinned', 'http', 'modern', MODERN],
    ['auto', 'http', 'modern', MODERN],
    ['v1', 'http', 'legacy', undefined],
    ['pinned', 'stdio', 'modern', MODERN],
    ['auto', 'stdio', 'modern', MODERN],
    ['v1', 'stdio', 'legacy', undefined],
  ];

  it.each(cases)('client %s over %s: era %s, every tool, switch, refusal with next_call, switch again', async (mode, transport, era, version) => {
    const client = await connect(mode, transport, stack, token);
    try {
      expect({ era: client.era, version: client.version }).toEqual({ era, version });
      expect(await client.toolNames()).toEqual(toolNames);

      const opened = await client.call('domain_switch', { domain: 'project' });
      const sessionId = opened.data?.session_id;
      expect(sessionId).toMatch(/^ses_/);
      const found = await client.call('project_search', { domain: 'project', session_id: sessionId, query: 'ERP' });
      expect(found.data?.items?.map((item) => item.name)).toContain('Migração ERP');

      const refused = await client.call('ticket_search', { domain: 'ticket', session_id: sessionId });
      expect(refused).toMatchObject({
        status: 'error',
        error: { code: 'INTENT_LOCKED', next_call: { tool: 'domain_switch', arguments: { domain: 'ticket', session_id: sessionId } } },
      });

      const switched = await client.call('domain_switch', { domain: 'ticket', session_id: sessionId });
      expect(switched).toMatchObject({ status: 'success', data: { session_id: sessionId } });
      expect((await client.call('ticket_search', { domain: 'ticket', session_id: sessionId })).status).toBe('success');
    } finally {
      await client.close();
    }
  });
});

describe('the MCP Inspector CLI in the modern era (protocolEra: modern), on sqlite', () => {
  let stack: TestStack;
  let token: string;
  const home = scratchHome();
  const config = join(home, 'mcp.json');

  beforeAll(async () => {
    stack = await startStack('sqlite');
    token = await stack.token('glpi', ['mcp']);
    const stdio = { type: 'stdio', command: process.execPath, args: [MAIN_JS, '--stdio'], cwd: REPO_ROOT, env: stdioEnv(stack.db.url, token) };
    const http = { type: 'http', url: `${stack.url}/mcp`, headers: { Authorization: `Bearer ${token}` } };
    writeFileSync(config, JSON.stringify({ mcpServers: { http: { ...http, protocolEra: 'modern' }, stdio: { ...stdio, protocolEra: 'modern' } } }));
  });
  afterAll(async () => stack?.close());

  /** One CLI run against the configured server; tool arguments as key=value pairs. */
  function run(server: 'http' | 'stdio', method: string, tool?: string, args: Record<string, string> = {}): Promise<CliRun> {
    const toolArgs = tool ? ['--tool-name', tool, '--tool-arg', ...Object.entries(args).map(([key, value]) => `${key}=${value}`)] : [];
    return inspectorCli(['--config', config, '--server', server, '--method', method, ...toolArgs], home);
  }
  async function cli<T>(server: 'http' | 'stdio', method: string, tool?: string, args: Record<string, string> = {}): Promise<T> {
    return inspectorResult<T>(await run(server, method, tool, args));
  }

  it.each(['http', 'stdio'] as const)('over %s: lists every tool, opens a session, and is refused across domains with next_call, switches again', async (server) => {
    const { tools } = await cli<{ tools: Array<{ name: string }> }>(server, 'tools/list');
    expect(tools.length).toBeGreaterThanOrEqual(20);
    const opened = await cli<{ structuredContent: Envelope; _meta?: Record<string, unknown> }>(server, 'tools/call', 'domain_switch', { domain: 'project' });
    // Only a 2026-07-28 result names the server in its _meta: the CLI spoke the modern era.
    expect(opened._meta).toMatchObject({ 'io.modelcontextprotocol/serverInfo': { name: 'intentdesk' } });
    const sessionId = opened.structuredContent.data?.session_id;
    expect(sessionId).toMatch(/^ses_/);
    // A result with isError makes the CLI exit non-zero; the result is still printed.
    const refusedRun = await run(server, 'tools/call', 'ticket_search', { domain: 'ticket', session_id: sessionId! });
    expect(refusedRun.code).not.toBe(0);
    const refused = JSON.parse(refusedRun.stdout) as { result: { structuredContent: Envelope } };
    expect(refused.result.structuredContent.error).toMatchObject({ code: 'INTENT_LOCKED', next_call: { tool: 'domain_switch', arguments: { domain: 'ticket', session_id: sessionId } } });
    const switched = await cli<{ structuredContent: Envelope }>(server, 'tools/call', 'domain_switch', { domain: 'ticket', session_id: sessionId! });
    expect(switched.structuredContent).toMatchObject({ status: 'success', data: { session_id: sessionId } });
  });
});
