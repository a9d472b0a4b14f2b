import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATABASES } from './support/databases.js';
import { CapturedJsonLog, histogramCount, sampleValue, scrape } from './support/observe.js';
import { type RawAnswer, rawRequest } from './support/raw-http.js';
import { startStack, type TestStack } from './support/test-app.js';

const METRICS_TOKEN = 'metrics-secret-0123456789';
const MCP_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

interface ToolAnswer {
  http: RawAnswer;
  envelope: { status: string; error?: { code: string }; request_id?: string; id?: unknown; session_id?: string };
  meta?: { request_id?: string };
}

async function tool(stack: TestStack, token: string, name: string, args: object, headers: Record<string, string> = {}, meta?: object): Promise<ToolAnswer> {
  const http = await rawRequest(`${stack.url}/mcp`, {
    method: 'POST',
    headers: { ...MCP_HEADERS, Authorization: `Bearer ${token}`, ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args, ...(meta ? { _meta: meta } : {}) } }),
  });
  const result = (http.json as { result: { structuredContent: ToolAnswer['envelope']; _meta?: ToolAnswer['meta'] } }).result;
  return { http, envelope: result.structuredContent, meta: result._meta };
}

describe.each(DATABASES)('request ids, logs and metrics on %s', (kind) => {
  const log = new CapturedJsonLog();
  const otpFile = join(tmpdir(), `intentdesk-otp-${process.pid}-${kind}.jsonl`);
  let stack: TestStack;
  let token: string;
  let admin: string;

  beforeAll(async () => {
    stack = await startStack(kind, { METRICS_TOKEN, OTP_REQUIRED_FOR: 'write', OTP_DELIVERY: `file:${otpFile}` }, { logger: log.logger });
    token = await stack.token('tech', ['mcp', 'api']);
    admin = await stack.token('glpi', ['mcp', 'api', 'admin']);
  });
  afterAll(async () => {
    await stack?.close();
    rmSync(otpFile, { force: true });
  });

  const auditRows = async (requestId: string, more = ''): Promise<Array<Record<string, unknown>>> => {
    const answer = await rawRequest(`${stack.url}/api/admin/audit?request_id=${encodeURIComponent(requestId)}${more}`, {
      headers: { Authorization: `Bearer ${admin}` },
    });
    expect(answer.status).toBe(200);
    return (answer.json as { data: { items: Array<Record<string, unknown>> } }).data.items;
  };
  const logLinesOf = (requestId: string) => log.records().filter((record) => record.request_id === requestId);

  it('an MCP call: minted id in the header, the error envelope, _meta, its log line and its audit row', async () => {
    const answer = await tool(stack, token, 'ticket_get', { domain: 'ticket', session_id: 'ses_none', id: 1 });
    const id = answer.http.headers['x-request-id'] as string;
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(answer.envelope.error?.code).toBe('SESSION_NOT_FOUND');
    expect(answer.envelope.request_id).toBe(id);
    expect(answer.meta?.request_id).toBe(id);
    expect(logLinesOf(id)).toEqual([
      expect.objectContaining({ msg: 'call', level: 'info', tool: 'ticket_get', outcome: 'SESSION_NOT_FOUND', transport: 'mcp' }),
    ]);
    expect(logLinesOf(id)[0].duration_ms).toEqual(expect.any(Number));
    expect(await auditRows(id)).toEqual([expect.objectContaining({ request_id: id, tool: 'ticket_get', outcome: 'SESSION_NOT_FOUND' })]);
    // A day, a month or a year bounds the audit's range with all of it, as a search's does: from and to today is today.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    for (const day of [today, today.slice(0, 7), today.slice(0, 4)])
      expect([day, await auditRows(id, `&from=${day}&to=${day}`)]).toEqual([day, [expect.objectContaining({ request_id: id })]]);
  });

  it('a REST call: X-Request-Id sent in is kept, in the header, the log line and the audit row of the write', async () => {
    const id = `lb-${kind}-create-1`;
    const answer = await rawRequest(`${stack.url}/api/tickets`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'X-Request-Id': id },
      body: JSON.stringify({ name: 'Impressora do 2º andar', content: 'Sem toner.' }),
    });
    expect(answer.status).toBe(201);
    expect(answer.headers['x-request-id']).toBe(id);
    expect(logLinesOf(id)).toEqual([expect.objectContaining({ msg: 'call', tool: 'ticket_create', outcome: 'success', transport: 'rest' })]);
    expect(await auditRows(id)).toEqual([expect.objectContaining({ request_id: id, tool: 'ticket_create', outcome: 'success' })]);
    // An id that cannot be logged as is (spaces, control characters) is replaced, not echoed.
    const unsafe = await rawRequest(`${stack.url}/health`, { headers: { 'X-Request-Id': 'a b\tc' } });
    expect(unsafe.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('traceparent is continued: its trace id is the request id, on HTTP and in MCP _meta', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const rest = await rawRequest(`${stack.url}/api/projects?limit=1`, {
      headers: { Authorization: `Bearer ${token}`, traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    expect(rest.headers['x-request-id']).toBe(traceId);
    expect(logLinesOf(traceId)).toEqual([expect.objectContaining({ tool: 'project_search', outcome: 'success' })]);
    const inMeta = 'a3ce929d0e0e47364bf92f3577b34da6';
    const answer = await tool(stack, token, 'domain_switch', { domain: 'project' }, {}, { traceparent: `00-${inMeta}-b7ad6b7169203331-01` });
    expect(answer.meta?.request_id).toBe(inMeta);
    expect(await auditRows(inMeta)).toEqual([expect.objectContaining({ tool: 'domain_switch', outcome: 'success' })]);
    // An invalid traceparent (all-zero trace id) is not continued.
    const bad = await rawRequest(`${stack.url}/health`, { headers: { traceparent: `00-${'0'.repeat(32)}-00f067aa0ba902b7-01` } });
    expect(bad.headers['x-request-id']).not.toBe('0'.repeat(32));
  });

  it('/metrics needs METRICS_TOKEN, parses, and its counters move by exactly the calls made, refused ones included', async () => {
    expect((await rawRequest(`${stack.url}/metrics`)).status).toBe(401);
    expect((await rawRequest(`${stack.url}/metrics`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
    const auth = { Authorization: `Bearer ${METRICS_TOKEN}` };
    const before = await scrape(`${stack.url}/metrics`, auth);
    const session = (await tool(stack, token, 'domain_switch', { domain: 'project' })).envelope.session_id!;
    for (let i = 0; i < 3; i++)
      expect((await tool(stack, token, 'project_search', { domain: 'project', session_id: session, limit: 1 })).envelope.status).toBe('success');
    for (let i = 0; i < 2; i++) {
      expect((await tool(stack, token, 'ticket_search', { domain: 'ticket', session_id: session })).envelope.error?.code).toBe('INTENT_LOCKED');
    }
    expect((await tool(stack, token, 'project_create', { domain: 'project', session_id: session, name: 'Sem verificação' })).envelope.error?.code).toBe(
      'VERIFICATION_REQUIRED',
    );
    const after = await scrape(`${stack.url}/metrics`, auth);
    const delta = (name: string, labels: Record<string, string>) => sampleValue(after, name, labels) - sampleValue(before, name, labels);
    expect(delta('intentdesk_calls_total', { transport: 'mcp', tool: 'domain_switch', outcome: 'success' })).toBe(1);
    expect(delta('intentdesk_calls_total', { transport: 'mcp', tool: 'project_search', outcome: 'success' })).toBe(3);
    expect(delta('intentdesk_calls_total', { transport: 'mcp', tool: 'ticket_search', outcome: 'INTENT_LOCKED' })).toBe(2);
    expect(delta('intentdesk_calls_total', { transport: 'mcp', tool: 'project_create', outcome: 'VERIFICATION_REQUIRED' })).toBe(1);
    expect(delta('intentdesk_refusals_total', { kind: 'INTENT_LOCKED' })).toBe(2);
    expect(delta('intentdesk_refusals_total', { kind: 'VERIFICATION_REQUIRED' })).toBe(1);
    expect(
      histogramCount(after, 'intentdesk_call_duration_seconds', { transport: 'mcp', tool: 'project_search' }) -
        histogramCount(before, 'intentdesk_call_duration_seconds', { transport: 'mcp', tool: 'project_search' }),
    ).toBe(3);
    // An unknown tool name is counted under `unknown`, never as a label of its own.
    const unknownTool = await rawRequest(`${stack.url}/mcp`, {
      method: 'POST',
      headers: { ...MCP_HEADERS, Authorization: `Bearer ${token}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'projetc_serch', arguments: {} } }),
    });
    expect((unknownTool.json as { error: { message: string } }).error.message).toContain('project_search');
    const unknown = await scrape(`${stack.url}/metrics`, auth);
    expect(unknown.flatMap((family) => family.metrics).some((sample) => Object.values(sample.labels ?? {}).includes('projetc_serch'))).toBe(false);
    expect(sampleValue(unknown, 'intentdesk_calls_total', { tool: 'unknown', outcome: 'UNKNOWN_TOOL' })).toBeGreaterThanOrEqual(1);
    for (const name of [
      'intentdesk_sessions_open',
      'intentdesk_audit_buffer_entries',
      'intentdesk_db_pool_waiting',
      'intentdesk_process_resident_memory_bytes',
    ]) {
      expect(after.map((family) => family.name)).toContain(name);
    }
    expect(sampleValue(after, 'intentdesk_sessions_open')).toBeGreaterThanOrEqual(1);
    // stderr is read here: no log line was dropped.
    expect(sampleValue(after, 'intentdesk_log_lines_dropped_total')).toBe(0);
  });

  it('no token, code or password reaches the logs in a full verification flow (codes delivered by file)', async () => {
    const session = (await tool(stack, token, 'domain_switch', { domain: 'project' })).envelope.session_id!;
    expect((await tool(stack, token, 'auth_request_otp', { session_id: session })).envelope.status).toBe('success');
    const lines = readFileSync(otpFile, 'utf8').trim().split('\n');
    const { code } = JSON.parse(lines[lines.length - 1]) as { code: string };
    expect((await tool(stack, token, 'auth_verify_otp', { session_id: session, code: code === '000000' ? '111111' : '000000' })).envelope.status).toBe('error');
    expect((await tool(stack, token, 'auth_verify_otp', { session_id: session, code })).envelope.status).toBe('success');
    const created = await tool(stack, token, 'project_create', { domain: 'project', session_id: session, name: 'Verificado' });
    expect(created.envelope.status).toBe('success');
    const text = log.text();
    for (const secret of [token, admin, METRICS_TOKEN]) expect(text.includes(secret)).toBe(false);
    // Codes are 6 digits: look for them as a whole, not inside a hex request id.
    for (const issued of lines.map((line) => (JSON.parse(line) as { code: string }).code)) {
      expect(text).not.toMatch(new RegExp(`(?<![0-9a-f])${issued}(?![0-9a-f])`));
    }
    expect(log.records().every((record) => typeof record.time === 'string' && typeof record.level === 'string')).toBe(true);
    expect(logLinesOf(created.http.headers['x-request-id'] as string)).toEqual([expect.objectContaining({ tool: 'project_create', outcome: 'success' })]);
  });
});
