import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { createTestDatabase, DATABASES, type TestDatabase } from './support/databases.js';
import { connectStdio, MAIN_JS, REPO_ROOT } from './support/mcp-client.js';
import { startApp } from './support/test-app.js';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  attributes?: Array<{ key: string; value: { stringValue?: string } }>;
}

const SPAN_KIND_SERVER = 2;

/** An in-process OTLP/HTTP receiver: keeps every span posted to /v1/traces (JSON encoding). */
async function receiver(): Promise<{ server: Server; url: string; spans: OtlpSpan[] }> {
  const spans: OtlpSpan[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      // Traces only: anything else (metrics, logs) posted here would be a process exporting what it should not.
      if (req.url !== '/v1/traces') throw new Error(`unexpected OTLP export to ${req.url}`);
      const raw = Buffer.concat(chunks);
      const body = JSON.parse((req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8')) as {
        resourceSpans: Array<{ scopeSpans: Array<{ spans: OtlpSpan[] }> }>;
      };
      for (const resource of body.resourceSpans) for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans };
}

/** OTLP JSON ids may be hex or base64 (the exporter's encoding option); compare as hex. */
const hex = (id: string | undefined): string | undefined =>
  id === undefined || id === '' || /^[0-9a-f]*$/.test(id) ? id || undefined : Buffer.from(id, 'base64').toString('hex');

/** Waits (polling, no timing asserted) until `found` returns something, or gives up after 15 s. */
async function eventually<T>(found: () => T | undefined): Promise<T | undefined> {
  const deadline = Date.now() + 15_000;
  let value = found();
  while (value === undefined && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = found();
  }
  return value;
}

function isJsonObject(line: string): boolean {
  try {
    return typeof JSON.parse(line) === 'object';
  } catch {
    return false;
  }
}

const byStart = (a: OtlpSpan, b: OtlpSpan): number => (BigInt(a.startTimeUnixNano) < BigInt(b.startTimeUnixNano) ? -1 : 1);

/** Spawns `node dist/src/main.js` (the SDK starts before the application loads, as in production) and waits for it to listen. */
async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; base: string; stderr(): string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [MAIN_JS], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', OTP_REQUIRED_FOR: 'none', APPROVAL_REQUIRED_FOR: 'none', LOG_FORMAT: 'json', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const port = await new Promise<number>((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      const listening = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(stderr);
      if (listening) resolve(Number(listening[1]));
    });
    void exited.then((code) => reject(new Error(`server exited (${code}) before listening:\n${stderr}`)));
  });
  return {
    child,
    base: `http://127.0.0.1:${port}`,
    stderr: () => stderr,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

describe.each(DATABASES)('traces over OTLP on %s', (kind) => {
  let otlp: Awaited<ReturnType<typeof receiver>>;
  let db: TestDatabase;
  let token: string;
  let server: Awaited<ReturnType<typeof startServer>>;

  beforeAll(async () => {
    otlp = await receiver();
    db = await createTestDatabase(kind);
    const app = await startApp(db.url);
    try {
      token = await app.token('glpi', ['mcp', 'api']);
    } finally {
      await app.close();
    }
    server = await startServer({ DATABASE_URL: db.url, OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url });
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
    await new Promise((resolve) => otlp?.server.close(resolve));
  });

  const post = async (body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${server.base}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', Authorization: `Bearer ${token}`, ...headers },
      body: JSON.stringify(body),
    });
    return { headers: res.headers, json: (await res.json()) as unknown };
  };
  const call = (id: number, name: string, args: object, meta?: object) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name, arguments: args, ...(meta ? { _meta: meta } : {}) },
  });
  const openSession = async (): Promise<string> => {
    const opened = (await post(call(1, 'domain_switch', { domain: 'project' }))).json as { result: { structuredContent: { session_id: string } } };
    return opened.result.structuredContent.session_id;
  };
  const inTrace = (traceId: string) => otlp.spans.filter((span) => hex(span.traceId) === traceId);
  const childrenOf = (spans: OtlpSpan[], parent: OtlpSpan) => spans.filter((span) => hex(span.parentSpanId) === hex(parent.spanId)).sort(byStart);

  it('a tools/call over HTTP is one trace: the HTTP span, its token check and tool span, the pipeline steps in order, the statements under them', async () => {
    const session = await openSession();
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const parent = 'b7ad6b7169203331';
    const created = await post(call(2, 'project_create', { domain: 'project', session_id: session, name: 'Rastreado' }), {
      traceparent: `00-${traceId}-${parent}-01`,
    });
    expect(created.headers.get('x-request-id')).toBe(traceId);
    // LOG_FORMAT=json: every line the process wrote, its start included, is a JSON line.
    const notJson = server
      .stderr()
      .split('\n')
      .filter((line) => line !== '' && !isJsonObject(line));
    expect(notJson).toEqual([]);

    const tool = await eventually(() => inTrace(traceId).find((span) => span.name === 'mcp project_create'));
    expect(tool).toBeDefined();
    // The steps end before the tool span does, and the HTTP span after it: once the HTTP span is in, all are.
    const http = await eventually(() => inTrace(traceId).find((span) => span.kind === SPAN_KIND_SERVER && hex(span.parentSpanId) === parent));
    expect(http).toBeDefined();
    expect(hex(tool!.parentSpanId)).toBe(hex(http!.spanId));
    const spans = inTrace(traceId);
    // The token check is the HTTP request's (a batch's calls share it), before the call's span.
    expect(childrenOf(spans, http!).map((span) => span.name)).toEqual(['intentdesk.auth', 'mcp project_create']);
    // `service` is timed by the envelope interceptor, which Nest wraps around the input pipe and the
    // method: it holds the input, the write and its audit.
    const steps = childrenOf(spans, tool!)
      .map((span) => span.name)
      .filter((name) => name !== 'intentdesk.service');
    expect(steps).toEqual(['intentdesk.limit', 'intentdesk.lock', 'intentdesk.rights', 'intentdesk.input', 'intentdesk.write', 'intentdesk.audit']);
    expect(childrenOf(spans, tool!).map((span) => span.name)).toContain('intentdesk.service');
    if (kind === 'mysql') {
      // mysql2's statements are spans under the step that ran them, within the tool's span.
      const underTool = (span: OtlpSpan): boolean => {
        for (let at: OtlpSpan | undefined = span; at; at = spans.find((s) => hex(s.spanId) === hex(at!.parentSpanId))) if (at === tool) return true;
        return false;
      };
      const statements = spans.filter((span) => span.attributes?.some((a) => a.key === 'db.system' || a.key === 'db.system.name'));
      expect(statements.length).toBeGreaterThan(0);
      expect(statements.filter(underTool).length).toBeGreaterThan(0);
    }
  });

  it('a REST call is a trace too, its statements under the token check or the call span, as over MCP', async () => {
    const traceId = '33333333333333333333333333333333';
    const parent = '3333333333333333';
    const res = await fetch(`${server.base}/api/projects`, { headers: { Authorization: `Bearer ${token}`, traceparent: `00-${traceId}-${parent}-01` } });
    expect(res.status).toBe(200);
    const isRest = (span: OtlpSpan): boolean => span.attributes?.some((a) => a.key === 'intentdesk.transport' && a.value.stringValue === 'rest') ?? false;
    const rest = await eventually(() => inTrace(traceId).find(isRest));
    expect(rest).toBeDefined();
    const http = await eventually(() => inTrace(traceId).find((span) => span.kind === SPAN_KIND_SERVER && hex(span.parentSpanId) === parent));
    expect(http).toBeDefined();
    if (kind === 'mysql') {
      const spans = inTrace(traceId);
      const auth = childrenOf(spans, http!).find((span) => span.name === 'intentdesk.auth');
      const under = (span: OtlpSpan, ancestor: OtlpSpan | undefined): boolean => {
        for (let at: OtlpSpan | undefined = span; at; at = spans.find((s) => hex(s.spanId) === hex(at!.parentSpanId))) if (at === ancestor) return true;
        return false;
      };
      const statements = spans.filter((span) => span.attributes?.some((a) => a.key === 'db.system' || a.key === 'db.system.name'));
      expect(statements.filter((span) => under(span, rest)).length).toBeGreaterThan(0);
      expect(statements.filter((span) => !under(span, rest) && !under(span, auth)).map((span) => span.name)).toEqual([]);
    }
  });

  it('each call of a JSON-RPC batch is its own span, continuing the trace context of its own _meta', async () => {
    const session = await openSession();
    const contexts = [
      { traceId: '11111111111111111111111111111111', parent: '1111111111111111' },
      { traceId: '22222222222222222222222222222222', parent: '2222222222222222' },
    ];
    await post(
      contexts.map((context, i) =>
        call(10 + i, 'project_search', { domain: 'project', session_id: session }, { traceparent: `00-${context.traceId}-${context.parent}-01` }),
      ),
    );
    for (const context of contexts) {
      const span = await eventually(() => inTrace(context.traceId).find((s) => s.name === 'mcp project_search'));
      expect(span).toBeDefined();
      expect(hex(span!.parentSpanId)).toBe(context.parent);
      const steps = await eventually(() => {
        const names = childrenOf(inTrace(context.traceId), span!).map((s) => s.name);
        return names.includes('intentdesk.input') ? names : undefined;
      });
      expect(steps).toEqual(expect.arrayContaining(['intentdesk.limit', 'intentdesk.lock', 'intentdesk.rights', 'intentdesk.input']));
    }
  });

  it('stdio: a tools/call is a trace continuing the traceparent of its _meta', async () => {
    const connection = await connectStdio(db.url, token, { OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url, SEED_DEMO: 'false' });
    const traceId = '33333333333333333333333333333333';
    try {
      await connection.client.callTool({
        name: 'domain_switch',
        arguments: { domain: 'project' },
        _meta: { traceparent: `00-${traceId}-3333333333333333-01` },
      });
    } finally {
      await connection.close();
    }
    const request = await eventually(() => inTrace(traceId).find((span) => span.name === 'stdio tools/call'));
    expect(request).toBeDefined();
    expect(hex(request!.parentSpanId)).toBe('3333333333333333');
    const children = await eventually(() => {
      const names = childrenOf(inTrace(traceId), request!).map((span) => span.name);
      return names.includes('mcp domain_switch') ? names : undefined;
    });
    expect(children).toEqual(['intentdesk.auth', 'mcp domain_switch']);
  });
});
