import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { DATABASES } from './support/databases.js';
import { callTool, connectHttp, failure, openSession, success } from './support/mcp-client.js';
import { callHoldingNonUtf8 } from './support/not-utf8.js';
import { startStack, type TestStack } from './support/test-app.js';

const SESSION_TOOLS = ['domain_switch', 'session_status'];
const PROJECT_TOOLS = ['project_search', 'project_get', 'project_create', 'project_update', 'project_delete'];
const DOMAIN_TOOL = /^(project|ticket|user)_[a-z]+(?:_[a-z]+)*$/;

type SchemaNode = Record<string, unknown>;

/** One raw JSON-RPC POST to /mcp; returns status, headers and the body as text (byte for byte). */
async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; text: string }> {
  const res = await fetch(`${url}/mcp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
};
const TOOLS_LIST = { jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} };

function typesOf(schema: SchemaNode): string[] {
  const options = (schema.oneOf ?? schema.anyOf) as SchemaNode[] | undefined;
  if (options) return options.flatMap(typesOf);
  const type = schema.type;
  return Array.isArray(type) ? type.map(String) : type === undefined ? [] : [String(type)];
}

describe.each(DATABASES)('MCP over Streamable HTTP on %s', (kind) => {
  let stack: TestStack;
  let token: string;
  let client: Client;
  let tools: Tool[];

  beforeAll(async () => {
    stack = await startStack(kind);
    token = await stack.token('glpi', ['mcp']);
    client = await connectHttp(stack.url, token);
    tools = (await client.listTools()).tools;
  });
  afterAll(async () => {
    await client?.close();
    await stack?.close();
  });

  describe('transport security', () => {
    /**
     * Clients start OAuth on any 401 (the header names the resource metadata, RFC 9728) and show
     * the body when they have no OAuth: a JSON-RPC error saying why and how to get a token.
     */
    it.each([
      ['without a token', {}, '', /bearer token is required/],
      ['for an unknown token', { Authorization: 'Bearer not-a-real-token' }, ', error="invalid_token"', /unknown, expired or revoked/],
    ])('answers 401 %s with a JSON-RPC error saying how to get a token', async (_case, headers, error, reason) => {
      const res = await post(stack.url, INITIALIZE, headers);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe(
        `Bearer realm="intentdesk", resource_metadata="${stack.url}/.well-known/oauth-protected-resource/mcp"${error}`,
      );
      const body = JSON.parse(res.text) as { jsonrpc: string; id: unknown; error: { code: number; message: string; data: unknown } };
      expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32001, data: { status: 'error', error: { code: 'UNAUTHENTICATED' } } } });
      expect(body.error.message).toMatch(reason);
      expect(body.error.message).toContain('npm run --silent token -- create --user <login> --scopes mcp');
    });

    /** OAuth lives under /oauth: the root paths older clients tried are no endpoints. */
    it.each([
      ['POST', '/register'],
      ['GET', '/authorize'],
      ['POST', '/token'],
    ])('answers %s %s with 404 naming where the authorization server is found', async (method, path) => {
      const res = await fetch(`${stack.url}${path}`, { method, headers: { 'Content-Type': 'application/json' }, ...(method === 'POST' ? { body: '{}' } : {}) });
      expect(res.status).toBe(404);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('NOT_FOUND');
      expect(body.error.message).toContain('GET /.well-known/oauth-protected-resource/mcp');
    });

    /**
     * A client of MCP's older HTTP+SSE transport (GET /sse for a stream, then POST /messages), or a
     * config that names its URL, is told that this server speaks Streamable HTTP and where: the
     * operator fixes the URL instead of guessing.
     */
    it.each([
      ['GET', '/sse'],
      ['POST', '/sse'],
      ['GET', '/mcp/sse'],
      ['POST', '/messages?sessionId=abc'],
    ])('answers %s %s (the HTTP+SSE transport) with 404 naming POST /mcp', async (method, path) => {
      const res = await fetch(`${stack.url}${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
        ...(method === 'POST' ? { body: JSON.stringify(INITIALIZE) } : {}),
      });
      expect(res.status).toBe(404);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('NOT_FOUND');
      expect(body.error.message).toMatch(/HTTP\+SSE transport .*is not served/);
      expect(body.error.message).toContain('POST /mcp');
    });

    it('answers any other unknown route with 404 naming the endpoints: MCP, the REST API and its documentation', async () => {
      for (const path of ['/', '/api', '/v1/mcp']) {
        const res = await fetch(`${stack.url}${path}`);
        expect(res.status).toBe(404);
        const body = (await res.json()) as { error: { code: string; message: string } };
        expect(body.error.code).toBe('NOT_FOUND');
        expect(body.error.message).toMatch(/^No such route\. MCP: POST \/mcp\. REST: under \/api, listed at GET \/api\/docs/);
        expect(body.error.message).not.toContain('SSE');
      }
    });

    it('answers 403 for a token without the mcp scope', async () => {
      const apiOnly = await stack.token('glpi', ['api']);
      const res = await post(stack.url, INITIALIZE, { Authorization: `Bearer ${apiOnly}` });
      expect(res.status).toBe(403);
      expect(JSON.parse(res.text)).toMatchObject({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32000, data: { status: 'error', error: { code: 'FORBIDDEN' } } },
      });
    });

    it('answers 403 to a disallowed Origin, and accepts a local one', async () => {
      const evil = await post(stack.url, INITIALIZE, { Authorization: `Bearer ${token}`, Origin: 'https://evil.example' });
      expect(evil.status).toBe(403);
      const local = await post(stack.url, INITIALIZE, { Authorization: `Bearer ${token}`, Origin: 'http://localhost:5173' });
      expect(local.status).toBe(200);
    });

    it('answers protocol faults with JSON-RPC errors', async () => {
      const auth = { Authorization: `Bearer ${token}` };
      const unknownMethod = await post(stack.url, { jsonrpc: '2.0', id: 'x1', method: 'tools/frobnicate', params: {} }, auth);
      expect(JSON.parse(unknownMethod.text)).toMatchObject({ jsonrpc: '2.0', id: 'x1', error: { code: ErrorCode.MethodNotFound } });

      const malformed = await fetch(`${stack.url}/mcp`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...auth },
        body: '{"jsonrpc": "2.0", "id": 1, "method": ',
      });
      expect(malformed.status).toBe(400);
      expect(await malformed.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: ErrorCode.ParseError } });

      // Bytes that are no UTF-8 are refused, never read with replacement characters (a title would be stored so).
      const bytes = await fetch(`${stack.url}/mcp`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...auth },
        body: callHoldingNonUtf8(2),
      });
      expect(bytes.status).toBe(400);
      expect(await bytes.json()).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: ErrorCode.ParseError, message: 'Parse error: the text is not valid UTF-8.' },
      });

      // JSON that is no JSON-RPC message is an Invalid Request, as stdio answers it, not a Parse error.
      for (const body of ['"x"', 'null', '42']) {
        const scalar = await fetch(`${stack.url}/mcp`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...auth },
          body,
        });
        expect([body, scalar.status, await scalar.json()]).toEqual([
          body,
          400,
          { jsonrpc: '2.0', id: null, error: { code: ErrorCode.InvalidRequest, message: 'Invalid Request: not a JSON-RPC 2.0 message.' } },
        ]);
      }
    });

    it('rejects a non-POST method with 405', async () => {
      const res = await fetch(`${stack.url}/mcp`, { method: 'GET', headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      await res.body?.cancel();
    });

    it('serves /mcp with a trailing slash or a query string, and leaves other paths to REST', async () => {
      const headers = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', Authorization: `Bearer ${token}` };
      for (const path of ['/mcp/', '/mcp?client=x', '/mcp/?client=x']) {
        const res = await fetch(`${stack.url}${path}`, { method: 'POST', headers, body: JSON.stringify(TOOLS_LIST) });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        expect(Number(res.headers.get('content-length'))).toBeGreaterThan(0);
        expect(((await res.json()) as { result: { tools: unknown[] } }).result.tools.length).toBe(tools.length);
      }
      const other = await fetch(`${stack.url}/mcp/elsewhere`, { method: 'POST', headers, body: JSON.stringify(TOOLS_LIST) });
      expect(other.status).toBe(404);
      expect(await other.json()).toMatchObject({ status: 'error', error: { code: 'NOT_FOUND' } });
    });

    it('gives the exact byte length of an answer holding characters beyond ASCII', async () => {
      const headers = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', Authorization: `Bearer ${token}` };
      // A tool that is not there answers with the tool names spelled back and a message: send one with accents and an emoji.
      const body = { jsonrpc: '2.0', id: 'ç', method: 'tools/call', params: { name: 'ticket_criação_🎫', arguments: {} } };
      const res = await fetch(`${stack.url}/mcp`, { method: 'POST', headers, body: JSON.stringify(body) });
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
      const text = bytes.toString('utf8');
      expect(text.length).toBeLessThan(bytes.length);
      expect(JSON.parse(text)).toMatchObject({ jsonrpc: '2.0', id: 'ç' });
    });

    it('reads arguments sent as the JSON text of an object, as a bridge passes a model function call; any other text stays refused', async () => {
      const headers = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', Authorization: `Bearer ${token}` };
      const call = async (id: number, args: unknown) => {
        const body = { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'domain_switch', arguments: args } };
        const res = await fetch(`${stack.url}/mcp`, { method: 'POST', headers, body: JSON.stringify(body) });
        return (await res.json()) as {
          result?: { structuredContent: { status: string; applied: { domain: string } } };
          error?: { code: number; message: string };
        };
      };
      expect((await call(1, JSON.stringify({ domain: 'ticket' }))).result?.structuredContent).toMatchObject({
        status: 'success',
        applied: { domain: 'ticket' },
      });
      expect((await call(2, ' {"domain": "project"} ')).result?.structuredContent).toMatchObject({ status: 'success', applied: { domain: 'project' } });
      for (const [id, text] of [
        [3, 'domain=ticket'],
        [4, '[{"domain":"ticket"}]'],
        [5, '"{}"'],
        [6, '{"domain":'],
      ] as const) {
        expect((await call(id, text)).error).toEqual({ code: -32602, message: 'tools/call params.arguments must be an object.' });
      }
    });

    it('reads arguments sent as null or as a blank text as none: the tool then names each missing field', async () => {
      const headers = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', Authorization: `Bearer ${token}` };
      for (const args of [null, '', '  ', 'null']) {
        const body = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'domain_switch', arguments: args } };
        const res = await fetch(`${stack.url}/mcp`, { method: 'POST', headers, body: JSON.stringify(body) });
        const answer = (await res.json()) as { result?: { structuredContent: { error: { code: string; issues: Array<{ field: string }> } } } };
        expect(answer.result?.structuredContent.error.code).toBe('VALIDATION_FAILED');
        expect(answer.result?.structuredContent.error.issues.map((issue) => issue.field)).toEqual(['domain']);
      }
    });

    it('answers JSON to a client that takes JSON or anything, one event of a stream to one that takes only a stream, 406 to neither', async () => {
      const auth = { Authorization: `Bearer ${token}` };
      // A JSON-RPC client over HTTP (application/json alone), a wildcard (Postman, httpx), an empty header.
      for (const accept of ['application/json', '*/*', 'application/*', '', 'application/json;q=0.9, text/html']) {
        const res = await post(stack.url, TOOLS_LIST, { ...auth, Accept: accept });
        expect([accept, res.status, res.headers.get('content-type')]).toEqual([accept, 200, 'application/json; charset=utf-8']);
        expect((JSON.parse(res.text) as { result: { tools: unknown[] } }).result.tools.length).toBe(tools.length);
      }
      // A proxy that reads only streams: the answer as one message event, then the stream ends.
      for (const accept of ['text/event-stream', 'text/*', 'application/json;q=0, text/event-stream']) {
        const res = await post(stack.url, TOOLS_LIST, { ...auth, Accept: accept });
        expect([accept, res.status, res.headers.get('content-type')]).toEqual([accept, 200, 'text/event-stream']);
        expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(res.text));
        const event = /^event: message\ndata: (.+)\n\n$/.exec(res.text);
        expect((JSON.parse(event![1]) as { id: number; result: { tools: unknown[] } }).result.tools.length).toBe(tools.length);
      }
      const neither = await post(stack.url, TOOLS_LIST, { ...auth, Accept: 'text/html' });
      expect(neither.status).toBe(406);
      expect(JSON.parse(neither.text)).toMatchObject({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32000, message: expect.stringContaining('application/json') },
      });
    });

    it('lets a browser page of an allowed origin call it (CORS): a preflight, then answers it may read, 401 challenge included', async () => {
      const origin = 'http://localhost:5173';
      const preflight = await fetch(`${stack.url}/mcp`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization, content-type, mcp-protocol-version',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
      expect(preflight.headers.get('access-control-allow-methods')).toBe('POST');
      expect(preflight.headers.get('access-control-allow-headers')?.split(/,\s*/)).toEqual(
        expect.arrayContaining(['authorization', 'content-type', 'mcp-protocol-version', 'mcp-session-id']),
      );
      expect(preflight.headers.get('vary')).toMatch(/Origin/);
      const answered = await post(stack.url, INITIALIZE, { Authorization: `Bearer ${token}`, Origin: origin });
      expect(answered.status).toBe(200);
      expect(answered.headers.get('access-control-allow-origin')).toBe(origin);
      const exposed = answered.headers.get('access-control-expose-headers')?.split(/,\s*/);
      expect(exposed).toEqual(expect.arrayContaining(['Mcp-Session-Id', 'WWW-Authenticate', 'X-Request-Id', 'Retry-After']));
      // A page without a token must read the challenge to start OAuth.
      const challenged = await post(stack.url, TOOLS_LIST, { Origin: origin });
      expect(challenged.status).toBe(401);
      expect(challenged.headers.get('access-control-allow-origin')).toBe(origin);
      // Not a browser's preflight (no Origin): the endpoint is POST only.
      const bare = await fetch(`${stack.url}/mcp`, { method: 'OPTIONS' });
      expect([bare.status, bare.headers.get('allow'), bare.headers.get('access-control-allow-origin')]).toEqual([405, 'POST', null]);
      // A page of another site is refused, preflight or not, and told nothing it could read.
      for (const method of ['OPTIONS', 'POST']) {
        const res = await fetch(`${stack.url}/mcp`, {
          method,
          headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST', 'Content-Type': 'application/json' },
          ...(method === 'POST' ? { body: JSON.stringify(TOOLS_LIST) } : {}),
        });
        expect([method, res.status, res.headers.get('access-control-allow-origin')]).toEqual([method, 403, null]);
      }
    });

    it('refuses bodies it cannot read as UTF-8 JSON with 415, after authentication', async () => {
      const auth = { Authorization: `Bearer ${token}` };
      const cases: Array<Record<string, string>> = [
        { 'Content-Type': 'text/plain' },
        { 'Content-Type': 'application/json; charset=iso-8859-1' },
        { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
      ];
      for (const headers of cases) {
        const res = await post(stack.url, TOOLS_LIST, { ...headers, ...auth });
        expect(res.status).toBe(415);
        expect(JSON.parse(res.text)).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
      }
      const anonymous = await post(stack.url, TOOLS_LIST, { 'Content-Type': 'text/plain' });
      expect(anonymous.status).toBe(401);
    });
  });

  describe('tools/list', () => {
    it('lists the session tools and the project tools; every other tool is a <domain>_<verb> tool', () => {
      const names = tools.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining([...SESSION_TOOLS, ...PROJECT_TOOLS]));
      expect(new Set(names).size).toBe(names.length);
      for (const name of names) {
        if (!DOMAIN_TOOL.test(name)) expect(['domain_switch', 'session_status', 'auth_request_otp', 'auth_verify_otp', 'approval_status']).toContain(name);
      }
    });

    it('lists every argument a tool requires, and a refusal names no field its schema does not list', async () => {
      const unlisted = tools.flatMap((tool) => {
        const input = tool.inputSchema as { properties?: Record<string, unknown>; required?: string[] };
        return (input.required ?? []).filter((name) => !(name in (input.properties ?? {}))).map((name) => `${tool.name}.${name}`);
      });
      expect(unlisted).toEqual([]);
      // approval_status takes the id of an approval: its own argument, listed and required wherever writes are held or not.
      const status = tools.find((tool) => tool.name === 'approval_status')!.inputSchema as { properties: object; required?: string[] };
      expect([Object.keys(status.properties), status.required]).toEqual([['approval_id'], ['approval_id']]);
      // No write of ticket_update is held for approval here: its schema has no approval_id, and neither has a refusal.
      const update = tools.find((tool) => tool.name === 'ticket_update')!;
      expect(Object.keys((update.inputSchema as { properties: object }).properties)).not.toContain('approval_id');
      const sessionId = await openSession(client, 'ticket');
      const refused = failure(await callTool(client, 'ticket_update', { domain: 'ticket', session_id: sessionId, id: 1, zzqq: 1 }), 'VALIDATION_FAILED');
      expect(refused.error.issues![0].field).toBe('zzqq');
      expect(JSON.stringify(refused.error)).not.toContain('approval_id');
    });

    it('describes every tool fully: object input open to unknown names (the server answers them), envelope output, annotations, rate limit, example', () => {
      const problems: string[] = [];
      for (const tool of tools) {
        const input = tool.inputSchema as SchemaNode;
        if (input.type !== 'object') problems.push(`${tool.name}: inputSchema.type is ${String(input.type)}`);
        // A client that validates arguments would refuse a misnamed field itself, hiding the server's did_you_mean.
        if ('additionalProperties' in input) problems.push(`${tool.name}: inputSchema restricts additional properties`);
        if (tool.outputSchema?.type !== 'object') problems.push(`${tool.name}: outputSchema is not an object schema`);
        const required = tool.outputSchema?.required ?? [];
        if (!required.includes('status')) problems.push(`${tool.name}: outputSchema does not require status`);
        for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint'] as const) {
          if (typeof tool.annotations?.[hint] !== 'boolean') problems.push(`${tool.name}: annotations.${hint} is not a boolean`);
        }
        for (const part of ['Limit: ', 'Not for: ', 'Example: ']) {
          if (!tool.description?.includes(part)) problems.push(`${tool.name}: description does not mention '${part}'`);
        }
      }
      expect(problems).toEqual([]);
    });

    it('annotates reads as read-only and deletes as destructive', () => {
      const byName = new Map(tools.map((t) => [t.name, t]));
      expect(byName.get('project_search')?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true });
      expect(byName.get('project_create')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
      expect(byName.get('project_delete')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
      // It reads no record but opens or moves a session: not read-only, and a second call opens another.
      expect(byName.get('domain_switch')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false });
      expect(byName.get('session_status')?.annotations).toMatchObject({ readOnlyHint: true });
    });

    it('gives every domain tool a constant domain and a required session_id', () => {
      const domainTools = tools.filter((t) => DOMAIN_TOOL.test(t.name));
      expect(domainTools.length).toBeGreaterThanOrEqual(PROJECT_TOOLS.length);
      const problems: string[] = [];
      for (const tool of domainTools) {
        const domain = tool.name.split('_')[0];
        const properties = (tool.inputSchema.properties ?? {}) as Record<string, SchemaNode>;
        const required = tool.inputSchema.required ?? [];
        if (properties.domain?.const !== domain) problems.push(`${tool.name}: domain is not the constant '${domain}'`);
        if (properties.session_id?.type !== 'string') problems.push(`${tool.name}: session_id is not a string`);
        for (const name of ['domain', 'session_id']) if (!required.includes(name)) problems.push(`${tool.name}: ${name} is not required`);
      }
      expect(problems).toEqual([]);
    });

    it('types every reference field (*_id) as oneOf an integer id or a name', () => {
      const problems: string[] = [];
      let seen = 0;
      for (const tool of tools) {
        const properties = (tool.inputSchema.properties ?? {}) as Record<string, SchemaNode>;
        for (const [field, schema] of Object.entries(properties)) {
          // session_id and approval_id are server-minted call arguments, not references to records.
          if (!field.endsWith('_id') || field === 'session_id' || field === 'approval_id') continue;
          seen++;
          const types = typesOf(schema);
          if (!Array.isArray(schema.oneOf) || !types.includes('integer') || !types.includes('string')) {
            problems.push(`${tool.name}.${field}: ${JSON.stringify(schema)}`);
          }
        }
      }
      expect(seen).toBeGreaterThan(0);
      expect(problems).toEqual([]);
    });

    it('is byte-identical across calls and unchanged by a domain_switch', async () => {
      const auth = { Authorization: `Bearer ${token}` };
      const first = await post(stack.url, TOOLS_LIST, auth);
      const second = await post(stack.url, TOOLS_LIST, auth);
      expect(first.status).toBe(200);
      expect((JSON.parse(first.text) as { result: { tools: Tool[] } }).result.tools.map((t) => t.name)).toEqual(tools.map((t) => t.name));
      expect(second.text).toBe(first.text);
      const sessionId = await openSession(client, 'project');
      success(await callTool(client, 'domain_switch', { domain: 'ticket', session_id: sessionId, reason: 'list stability check' }));
      const after = await post(stack.url, TOOLS_LIST, auth);
      expect(after.text).toBe(first.text);
      expect((await client.listTools()).tools).toEqual(tools);
    });
  });

  describe('tools/call', () => {
    it('answers an unknown tool with a JSON-RPC error naming the closest tool', async () => {
      const error = await client.callTool({ name: 'project_serch', arguments: { domain: 'project' } }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(McpError);
      expect((error as McpError).code).toBe(ErrorCode.InvalidParams);
      expect((error as McpError).message).toContain('project_search');
    });

    /** A name peers give a tool of their own is answered with the call that does that work here, never a tool spelt alike (close is no delete). */
    it.each([
      ['ticket_close', 'ticket_update {id, status: "Closed"}'],
      ['ticket_solve', 'ticket_add_entry {id, kind: "solution", content}'],
      ['ticket_assign', 'ticket_update {id, assignee_id}'],
      ['ticket_reopen', 'ticket_update {id, status}'],
      ['ticket_add_task', 'ticket_add_entry {id, kind: "task", content}'],
      ['user_delete', 'user_deactivate {id}'],
    ])('answers %s with the call that does its work', async (name, instead) => {
      const error = await client.callTool({ name, arguments: { domain: 'ticket' } }).then(
        () => undefined,
        (e: unknown) => e as McpError,
      );
      expect(error?.message).toContain(`Unknown tool '${name}': call ${instead}`);
      expect(error?.message).not.toMatch(/_delete\b/.test(instead) ? /$^/ : /ticket_delete/);
      expect((error?.data as { did_you_mean: string[] }).did_you_mean).toEqual([instead.split(' ')[0]]);
    });

    it('returns the envelope as structuredContent and its JSON copy as text', async () => {
      const opened = await callTool(client, 'domain_switch', { domain: 'project' });
      const envelope = success(opened);
      expect(envelope).toMatchObject({ status: 'success', tool: 'domain_switch', domain: null });
      expect(opened.result.content).toHaveLength(1);
      expect(JSON.parse(opened.text ?? 'null')).toEqual(opened.envelope);

      const sessionId = (envelope.data as { session_id: string }).session_id;
      const search = await callTool(client, 'project_search', { domain: 'project', session_id: sessionId, limit: 1 });
      expect(success(search)).toMatchObject({ tool: 'project_search', domain: 'project', session_id: sessionId });
      expect(JSON.parse(search.text ?? 'null')).toEqual(search.envelope);

      const refused = await callTool(client, 'project_search', { domain: 'project', session_id: sessionId, limt: 5 });
      const error = failure(refused, 'VALIDATION_FAILED');
      expect(error.error.issues).toEqual([expect.objectContaining({ field: 'limt', code: 'UNKNOWN_FIELD', did_you_mean: 'limit' })]);
      expect(refused.result.isError).toBe(true);
      expect(JSON.parse(refused.text ?? 'null')).toEqual(refused.envelope);
    });

    it('gives each of many calls sent side by side its own answer, whole', async () => {
      const sessionId = (success(await callTool(client, 'domain_switch', { domain: 'ticket' })).data as { session_id: string }).session_id;
      const auth = { Authorization: `Bearer ${token}` };
      const asked = Array.from({ length: 40 }, (_, i) => ({ rpcId: 1000 + i, ticket: (i % 4) + 1 }));
      const answers = await Promise.all(
        asked.map(({ rpcId, ticket }) =>
          post(
            stack.url,
            {
              jsonrpc: '2.0',
              id: rpcId,
              method: 'tools/call',
              params: { name: 'ticket_get', arguments: { domain: 'ticket', session_id: sessionId, id: ticket } },
            },
            auth,
          ),
        ),
      );
      answers.forEach((answer, i) => {
        expect(answer.status).toBe(200);
        expect(Number(answer.headers.get('content-length'))).toBe(Buffer.byteLength(answer.text));
        const body = JSON.parse(answer.text) as { id: number; result: { structuredContent: { status: string; data: { id: number } } } };
        expect(body.id).toBe(asked[i].rpcId);
        expect(body.result.structuredContent).toMatchObject({ status: 'success', data: { id: asked[i].ticket } });
      });
    });
  });
});
