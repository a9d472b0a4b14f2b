/**
 * The server driven by MCP clients it did not write, as their users run them: the MCP Inspector CLI
 * (HTTP and stdio), @modelcontextprotocol/client 2.x, the AI SDK's @ai-sdk/mcp, LangChain's
 * @langchain/mcp-adapters and mcp-remote (stdio to HTTP). Each connects, lists every tool, converts
 * every schema its own way, calls domain_switch and a read, and gets the envelope as
 * structuredContent. Nothing leaves this machine: every client talks to the local server only.
 */
import { createMCPClient } from '@ai-sdk/mcp';
import { MultiServerMCPClient } from '@langchain/mcp-adapters';
import { AIMessage, ToolMessage } from '@langchain/core/messages';
import type { StructuredToolInterface } from '@langchain/core/tools';
import { ToolNode } from '@langchain/langgraph/prebuilt';
import { Client as ClientV2, fromJsonSchema, StreamableHTTPClientTransport as HttpTransportV2, type JsonSchemaType } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Stream } from 'node:stream';
import { DATABASES, type DbKind } from '../support/databases.js';
import { connectHttp, MAIN_JS, REPO_ROOT } from '../support/mcp-client.js';
import { startStack, type TestStack } from '../support/test-app.js';
import { inspectorCli, inspectorResult, MCP_REMOTE, scratchHome } from './clients.js';

interface Envelope {
  status: 'success' | 'error';
  id?: unknown;
  data?: { items?: Array<{ name?: string }>; session_id?: string };
  applied?: Record<string, unknown>;
  error?: { code: string; issues?: Array<{ field: string; code: string; did_you_mean?: unknown }> };
}

interface ListedTool {
  name: string;
  inputSchema: Record<string, unknown>;
}

interface ToolResult {
  structuredContent?: unknown;
  isError?: boolean;
}

/** The envelope of a successful call; fails the test with the whole result otherwise. */
function envelopeOf(result: ToolResult): Envelope {
  const envelope = result.structuredContent as Envelope | undefined;
  if (!envelope || result.isError || envelope.status !== 'success') throw new Error(`expected a success envelope, got ${JSON.stringify(result).slice(0, 1000)}`);
  return envelope;
}

function sessionOf(result: ToolResult): string {
  const id = envelopeOf(result).data?.session_id;
  if (typeof id !== 'string') throw new Error(`domain_switch gave no session_id: ${JSON.stringify(result).slice(0, 500)}`);
  return id;
}

/** The read every client makes: a project search by text, with the page size sent as text. */
const READ = { name: 'project_search', query: 'ERP', limit: '5' } as const;
function readArgs(sessionId: string): Record<string, unknown> {
  return { domain: 'project', session_id: sessionId, query: READ.query, limit: READ.limit };
}
function expectReadFound(result: ToolResult): void {
  expect((envelopeOf(result).data?.items ?? []).map((item) => item.name)).toContain('Migração ERP');
}

interface SchemaFinding {
  rule: string;
  severity: 'error' | 'warning';
  path: string;
}

interface Server {
  stack: TestStack;
  token: string;
  mcpUrl: string;
  /** Every tool the server lists for this user, as the project's own client reads them. */
  toolNames: string[];
}

/** A server on a fresh database of `kind` for the tests of the enclosing describe. */
function serverOn(kind: DbKind): Server {
  const server = {} as Server;
  beforeAll(async () => {
    server.stack = await startStack(kind);
    server.token = await server.stack.token('glpi', ['mcp']);
    server.mcpUrl = `${server.stack.url}/mcp`;
    const reference = await connectHttp(server.stack.url, server.token);
    server.toolNames = (await reference.listTools()).tools.map((t) => t.name).sort();
    await reference.close();
    expect(server.toolNames.length).toBeGreaterThanOrEqual(20);
  });
  afterAll(async () => server.stack?.close());
  return server;
}

/**
 * The clients that run in this process, on every database. The ones that run as processes of their
 * own (the Inspector CLI, mcp-remote) cost seconds per run and check what does not depend on the
 * database (transports, schemas, what a refused token shows): they run once, on SQLite, below.
 */
describe.each(DATABASES)('MCP client libraries against the server on %s', (kind) => {
  const server = serverOn(kind);

  it('@modelcontextprotocol/client 2.x: lists every tool, compiles every input schema, calls domain_switch and a read', async () => {
    const client = new ClientV2({ name: 'matrix-v2', version: '0.0.0' });
    await client.connect(new HttpTransportV2(new URL(server.mcpUrl), { requestInit: { headers: { Authorization: `Bearer ${server.token}` } } }));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(server.toolNames);
      // The client's own JSON Schema validator, on what a model sends: text forms and a misnamed field pass to the server.
      const validators = new Map(tools.map((t) => [t.name, fromJsonSchema(t.inputSchema as JsonSchemaType)]));
      const sample = { domain: 'project', session_id: 'ses_x', name: 'Schema check', percent_done: '60%', manager: 'Maria Silva', dry_run: 'true' };
      const checked = await validators.get('project_create')!['~standard'].validate(sample);
      expect(checked).not.toHaveProperty('issues');

      const sessionId = sessionOf((await client.callTool({ name: 'domain_switch', arguments: { domain: 'project' } })) as ToolResult);
      expectReadFound((await client.callTool({ name: READ.name, arguments: readArgs(sessionId) })) as ToolResult);
    } finally {
      await client.close();
    }
  });

  it("@ai-sdk/mcp: converts every tool with tools(), runs domain_switch and a read through the tools' execute", async () => {
    const client = await createMCPClient({ transport: { type: 'http', url: server.mcpUrl, headers: { Authorization: `Bearer ${server.token}` } } });
    try {
      const tools = await client.tools();
      expect(Object.keys(tools).sort()).toEqual(server.toolNames);
      for (const [name, tool] of Object.entries(tools)) {
        expect({ name, type: (tool.inputSchema as { jsonSchema: { type?: unknown } }).jsonSchema.type }).toEqual({ name, type: 'object' });
      }
      const options = { toolCallId: 'call-1', messages: [], context: {} };
      const opened = (await tools.domain_switch.execute({ domain: 'project' }, options)) as ToolResult;
      expectReadFound((await tools[READ.name].execute(readArgs(sessionOf(opened)), { ...options, toolCallId: 'call-2' })) as ToolResult);
    } finally {
      await client.close();
    }
  });

  describe("LangChain's @langchain/mcp-adapters", () => {
    let client: MultiServerMCPClient;
    let tools: Map<string, StructuredToolInterface>;
    let sessionId: string;

    /** A tool call as an agent makes it: LangChain validates the arguments against the tool's schema first. */
    async function invoke(name: string, args: Record<string, unknown>): Promise<ToolMessage> {
      const message = await tools.get(name)!.invoke({ name, args, id: `call-${name}`, type: 'tool_call' });
      return message as ToolMessage;
    }
    function structured(message: ToolMessage): ToolResult {
      const artifacts = (message.artifact ?? []) as Array<{ type: string; data?: unknown }>;
      return { structuredContent: artifacts.find((a) => a.type === 'mcp_structured_content')?.data };
    }

    beforeAll(async () => {
      client = new MultiServerMCPClient({ mcpServers: { intentdesk: { transport: 'http', url: server.mcpUrl, headers: { Authorization: `Bearer ${server.token}` } } } });
      const loaded = await client.getTools();
      tools = new Map(loaded.map((t) => [t.name, t]));
      sessionId = sessionOf(structured(await invoke('domain_switch', { domain: 'project' })));
    });
    afterAll(async () => client?.close());

    it('turns every tool into a LangChain tool and runs domain_switch and a read', async () => {
      expect([...tools.keys()].sort()).toEqual(server.toolNames);
      expectReadFound(structured(await invoke(READ.name, readArgs(sessionId))));
    });

    it('lets percent_done "60%" and limit "5" through its own validation to the server, which reads them', async () => {
      const created = envelopeOf(structured(await invoke('project_create', { domain: 'project', session_id: sessionId, name: 'LangChain check', percent_done: '60%', dry_run: 'true' })));
      expect(created.applied).toMatchObject({ name: 'LangChain check', percent_done: 60 });
      const page = envelopeOf(structured(await invoke(READ.name, { domain: 'project', session_id: sessionId, limit: '5' })));
      expect(page.data?.items?.length).toBeGreaterThan(0);
    });

    it("lets a misnamed field reach the server, and the server's did_you_mean reach the model", async () => {
      // As an agent runs tools: LangGraph's ToolNode turns a tool's error into the message the model reads.
      const node = new ToolNode([...tools.values()]);
      const call = { name: 'project_create', args: { domain: 'project', session_id: sessionId, name: 'Misnamed', manager: 'Maria Silva', dry_run: true }, id: 'call-misnamed', type: 'tool_call' as const };
      const { messages } = (await node.invoke({ messages: [new AIMessage({ content: '', tool_calls: [call] })] })) as { messages: ToolMessage[] };
      const answer = String(messages[0].content);
      expect(answer).toContain('UNKNOWN_FIELD');
      expect(answer).toMatch(/"field":"manager".*"did_you_mean":"users_id"/);
    });
  });
});

describe('MCP clients that run as processes, against the server on sqlite', () => {
  const server = serverOn('sqlite');

  describe('MCP Inspector CLI', () => {
    const home = scratchHome();
    /** The CLI's arguments for one method: the server's URL, or the command it spawns (last, after --). */
    const run = (transport: 'http' | 'stdio', method: string[]) =>
      inspectorCli(
        transport === 'http'
          ? [server.mcpUrl, '--transport', 'http', '--header', `Authorization: Bearer ${server.token}`, ...method]
          : ['-e', `MCP_TOKEN=${server.token}`, '-e', `DATABASE_URL=${server.stack.db.url}`, '-e', 'OTP_REQUIRED_FOR=none', '-e', 'APPROVAL_REQUIRED_FOR=none', '--cwd', REPO_ROOT, ...method, '--', process.execPath, MAIN_JS, '--stdio'],
        home,
      );

    it.each(['http', 'stdio'] as const)('over %s: lists every tool with portable schemas (--strict: no error), calls domain_switch and a read', async (transport) => {
      const listed = await run(transport, ['--method', 'tools/list', '--strict']);
      const { tools } = inspectorResult<{ tools: ListedTool[] }>(listed);
      expect(tools.map((t) => t.name).sort()).toEqual(server.toolNames);
      // --strict lints every schema: errors would exit 6. What remains are warnings about `type`
      // lists (integer or text, a value or null), which every client here reads (see docs/clients.md).
      const findings = ((JSON.parse(listed.stdout) as { schemaFindings?: Array<{ findings: SchemaFinding[] }> }).schemaFindings ?? []).flatMap((t) => t.findings);
      expect(findings.filter((f) => f.severity === 'error')).toEqual([]);
      expect([...new Set(findings.map((f) => f.rule))]).toEqual(findings.length ? ['type-union'] : []);
      expect(listed.stderr).toMatch(/^0 errors, \d+ warnings? across \d+ tools?\.$/m);

      const opened = inspectorResult<ToolResult>(await run(transport, ['--method', 'tools/call', '--tool-name', 'domain_switch', '--tool-arg', 'domain=project']));
      const sessionId = sessionOf(opened);
      const args = Object.entries(readArgs(sessionId)).map(([k, v]) => `${k}=${String(v)}`);
      expectReadFound(inspectorResult<ToolResult>(await run(transport, ['--method', 'tools/call', '--tool-name', READ.name, '--tool-arg', ...args])));
    });

    it("shows the server's reason and the token command when the token is refused", async () => {
      const refused = await inspectorCli([server.mcpUrl, '--transport', 'http', '--header', 'Authorization: Bearer idt_revoked-or-mistyped', '--method', 'tools/list'], home);
      expect(refused.code).not.toBe(0);
      expect(refused.stderr + refused.stdout).toMatch(/unknown, expired or revoked.*npm run --silent token -- create --user <login> --scopes mcp/);
    });
  });

  /** mcp-remote started as a desktop client starts it (with a bearer header), to be talked to over its stdio. */
  function mcpRemote(bearer: string): { transport: StdioClientTransport; client: Client; stderr: () => string } {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [MCP_REMOTE, server.mcpUrl, '--header', `Authorization: Bearer ${bearer}`, '--transport', 'http-only'],
      env: { PATH: process.env.PATH ?? '', HOME: scratchHome() },
      stderr: 'pipe',
    });
    let stderr = '';
    (transport.stderr as Stream | null)?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    return { transport, client: new Client({ name: 'matrix-mcp-remote', version: '0.0.0' }), stderr: () => stderr };
  }

  it('mcp-remote: with a refused token, finds the authorization server, registers and sends the user to the sign-in page', async () => {
    const { transport, client, stderr } = mcpRemote('idt_revoked-or-mistyped');
    const connecting = client.connect(transport).catch(() => undefined);
    const deadline = Date.now() + 30_000;
    while (!stderr().includes('/oauth/authorize') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    await client.close();
    await connecting;
    expect(stderr()).toContain(`${new URL(server.mcpUrl).origin}/oauth/authorize?`);
  });

  it('mcp-remote: bridges stdio to the HTTP endpoint with a bearer token (no OAuth needed), no network', async () => {
    const { transport, client, stderr } = mcpRemote(server.token);
    try {
      await client.connect(transport);
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(server.toolNames);
      const sessionId = sessionOf((await client.callTool({ name: 'domain_switch', arguments: { domain: 'project' } })) as ToolResult);
      expectReadFound((await client.callTool({ name: READ.name, arguments: readArgs(sessionId) })) as ToolResult);
    } catch (error) {
      throw new Error(`${(error as Error).message}\nmcp-remote stderr:\n${stderr()}`);
    } finally {
      await client.close();
    }
  });
});
