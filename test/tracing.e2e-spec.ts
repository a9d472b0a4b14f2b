import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DATABASES } from './support/databases.js';
import { rawRequest } from './support/raw-http.js';
import { startStack, type TestStack } from './support/test-app.js';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  startTimeUnixNano: string;
}

/** An in-process OTLP/HTTP receiver: keeps every span posted to /v1/traces (JSON encoding). */
async function receiver(): Promise<{ server: Server; url: string; spans: OtlpSpan[] }> {
  const spans: OtlpSpan[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
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
const hex = (id: string | undefined): string | undefined => (id === undefined || /^[0-9a-f]*$/.test(id) ? id : Buffer.from(id, 'base64').toString('hex'));

describe.each(DATABASES)('traces over OTLP on %s', (kind) => {
  let otlp: Awaited<ReturnType<typeof receiver>>;
  let stack: TestStack;
  beforeAll(async () => {
    otlp = await receiver();
    stack = await startStack(kind, { OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url });
  });
  afterAll(async () => {
    await stack?.close();
    await new Promise((resolve) => otlp?.server.close(resolve));
  });

  it('a tools/call continues the traceparent and has the pipeline steps as spans, in order', async () => {
    const token = await stack.token('glpi', ['mcp']);
    const call = async (name: string, args: object, headers: Record<string, string> = {}) =>
      rawRequest(`${stack.url}/mcp`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', Authorization: `Bearer ${token}`, ...headers },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
      });
    const opened = await call('domain_switch', { domain: 'project' });
    const session = (opened.json as { result: { structuredContent: { session_id: string } } }).result.structuredContent.session_id;
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const parent = 'b7ad6b7169203331';
    const created = await call('project_create', { domain: 'project', session_id: session, name: 'Rastreado' }, { traceparent: `00-${traceId}-${parent}-01` });
    expect(created.headers['x-request-id']).toBe(traceId);

    const deadline = Date.now() + 10_000;
    const inTrace = () => otlp.spans.filter((span) => hex(span.traceId) === traceId);
    while (Date.now() < deadline && !inTrace().some((span) => span.name === 'mcp project_create')) await new Promise((r) => setTimeout(r, 100));
    const root = inTrace().find((span) => span.name === 'mcp project_create');
    expect(root).toBeDefined();
    expect(hex(root!.parentSpanId)).toBe(parent);
    // Wait for the children too (exported in the same or the next batch).
    while (Date.now() < deadline && inTrace().filter((span) => hex(span.parentSpanId) === hex(root!.spanId)).length < 7)
      await new Promise((r) => setTimeout(r, 100));
    const children = inTrace()
      .filter((span) => hex(span.parentSpanId) === hex(root!.spanId))
      .sort((a, b) => (BigInt(a.startTimeUnixNano) < BigInt(b.startTimeUnixNano) ? -1 : 1));
    // The order a call runs through the chain. `service` is timed by the envelope interceptor, which
    // Nest wraps around the input pipe and the method: it holds the input, the write and its audit.
    const steps = children.map((span) => span.name).filter((name) => name !== 'intentdesk.service');
    expect(steps).toEqual(['intentdesk.limit', 'intentdesk.lock', 'intentdesk.rights', 'intentdesk.input', 'intentdesk.write', 'intentdesk.audit']);
    expect(children.map((child) => child.name)).toContain('intentdesk.service');
  });
});
