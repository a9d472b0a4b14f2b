import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type CallToolResult, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import type { Envelope } from '../src/envelope/envelope.js';
import { DATABASES } from './support/databases.js';
import { startStack, type TestStack } from './support/test-app.js';

/**
 * Every tool, driven with hostile arguments mixed into otherwise plausible calls (the right domain
 * and a real session, so calls get past the intent lock into the input pipe): wrong types, huge
 * strings, NUL bytes, SQL fragments, `__proto__` / `constructor` keys, deep nesting, impossible
 * dates. Every answer must be a proper envelope (or a JSON-RPC error), never INTERNAL; afterwards
 * the process answers, Object.prototype is untouched and tools/list has not changed by one byte.
 */
const RUNS_PER_TOOL = Number(process.env.HOSTILE_RUNS ?? 40);
const SEED = Number(process.env.HOSTILE_SEED ?? Date.now() % 2 ** 31);

/** SPEC §3 error codes a caller may receive here; INTERNAL (and UNAVAILABLE, the database is up) are failures. */
const ACCEPTED_CODES = new Set([
  'VALIDATION_FAILED',
  'INTENT_LOCKED',
  'DOMAIN_MISMATCH',
  'SESSION_NOT_FOUND',
  'VERIFICATION_REQUIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
]);
/** Stack frames and file paths must never reach a caller. */
const LEAK = /\bat [\w$.<>]+ \([^)]*:\d+:\d+\)|node_modules|\/work\/|file:\/\/|\.(ts|js):\d+:\d+/;

const HUGE = 'A'.repeat(100_000);
const HUGE_UNICODE = 'ção🙂'.repeat(20_000);
const NULS = ['\u0000', 'abc\u0000def', '\u0000'.repeat(64), 'Migração\u0000ERP'];
const SQL = [
  "' OR 1=1 --",
  "'; DROP TABLE glpi_projects; --",
  '" OR ""="',
  "1' UNION SELECT name, password FROM glpi_users --",
  '1; SELECT SLEEP(5)',
  '%',
  '_',
  '\\',
  "\\'",
  '`',
  '0x41',
  '/*',
];
const DATES = [
  '2026-02-30',
  '2026-13-01',
  '2026-00-10',
  '9999-99-99 99:99:99',
  '0000-00-00',
  '0000-00-00 00:00:00',
  '2026-06-01T25:00:00Z',
  '2026-06-01T10:00:00+99:00',
  '-271821-04-20',
  '+275760-09-14',
  '2026-06-01T10:00:00.999999999999Z',
  'yesterday',
  '1e400',
  '',
];
const NUMBERS = [-1, 0, 1.5, -0.0001, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER];

function deep(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

/** Objects whose own keys are `__proto__` / `constructor` (JSON.parse makes them own properties). */
const POLLUTERS: unknown[] = [
  JSON.parse('{"__proto__": {"polluted": "yes", "isAdmin": true}}'),
  JSON.parse('{"constructor": {"prototype": {"polluted": "yes"}}}'),
  JSON.parse('{"__proto__": null}'),
  JSON.parse('[{"__proto__": {"polluted": "yes"}}]'),
  { toString: 'x', valueOf: 1, hasOwnProperty: 'nope' },
];

/** One hostile value. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.anything({ maxDepth: 3, maxKeys: 4, withNullPrototype: false }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40, unit: 'binary' }) },
  { weight: 1, arbitrary: fc.constantFrom(HUGE, HUGE_UNICODE, `${HUGE}\u0000`) },
  { weight: 2, arbitrary: fc.constantFrom(...NULS) },
  { weight: 3, arbitrary: fc.constantFrom(...SQL) },
  { weight: 3, arbitrary: fc.constantFrom(...DATES) },
  { weight: 2, arbitrary: fc.constantFrom(...NUMBERS) },
  { weight: 2, arbitrary: fc.constantFrom(...POLLUTERS) },
  { weight: 1, arbitrary: fc.constantFrom(deep(200, 'array'), deep(200, 'object')) },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null, [], {}, [1, 'two', null]) },
);

/** Extra argument names: unknown, prototype-ish, near misses. */
const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'nmae', 'session', 'domain ', 'ID', '', '\u0000', "name' OR 1=1"),
  fc.string({ minLength: 1, maxLength: 12 }),
);

/** Builds an object from entries with JSON.parse, so every key (even `__proto__`) is an own key. */
function objectOf(entries: Array<[string, unknown]>): Record<string, unknown> {
  return JSON.parse(`{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`).join(',')}}`) as Record<string, unknown>;
}

function domainOf(tool: string): 'project' | 'ticket' | 'user' | null {
  const prefix = tool.split('_')[0];
  return prefix === 'project' || prefix === 'ticket' || prefix === 'user' ? prefix : null;
}

/** Plausible arguments for `tool` with hostile values in some fields, hostile extra keys, or (rarely) no object at all. */
function hostileArguments(tool: Tool, sessionId: string): fc.Arbitrary<unknown> {
  const properties = Object.keys(tool.inputSchema.properties ?? {});
  const domain = domainOf(tool.name);
  const base: Array<[string, unknown]> = [];
  if (properties.includes('domain')) base.push(['domain', domain ?? 'project']);
  if (properties.includes('session_id')) base.push(['session_id', sessionId]);
  const fieldNames = properties.length ? properties : ['session_id'];
  const mixed = fc
    .record({
      fields: fc.uniqueArray(fc.constantFrom(...fieldNames), { minLength: 1, maxLength: Math.min(4, fieldNames.length) }),
      values: fc.array(hostileValue, { minLength: 4, maxLength: 4 }),
      extras: fc.array(fc.tuple(hostileKey, hostileValue), { maxLength: 2 }),
      keepBase: fc.boolean(),
    })
    .map(({ fields, values, extras, keepBase }) => {
      const entries = new Map<string, unknown>(base.filter(([key]) => keepBase || !fields.includes(key) || key === 'session_id'));
      fields.forEach((field, i) => entries.set(field, values[i]));
      for (const [key, value] of extras) entries.set(key, value);
      // The calling user must stay usable: user changes are validated and rolled back, not applied.
      if (tool.name === 'user_update' || tool.name === 'user_deactivate') entries.set('dry_run', true);
      return objectOf([...entries]);
    });
  const whole = fc.constantFrom<unknown>(null, [], ['domain', 'project'], 'project', 42, POLLUTERS[0], deep(200, 'object'));
  return fc.oneof({ weight: 12, arbitrary: mixed }, { weight: 1, arbitrary: whole });
}

/** The problem with one answer, or undefined when it is a proper answer. */
function judge(tool: string, result: CallToolResult | undefined, thrown: unknown): string | undefined {
  if (thrown !== undefined) {
    if (thrown instanceof McpError) {
      // A JSON-RPC error from the server is a proper answer to a malformed call, except an internal one.
      if (thrown.code === -32603) return `JSON-RPC internal error: ${thrown.message.slice(0, 200)}`;
      if (/does not match the tool's output schema|output schema/i.test(thrown.message))
        return `envelope does not match outputSchema: ${thrown.message.slice(0, 300)}`;
      return LEAK.test(thrown.message) ? `JSON-RPC error leaks: ${thrown.message.slice(0, 300)}` : undefined;
    }
    // Arguments past BODY_LIMIT: refused whole, with a JSON answer (JSON-RPC error or envelope).
    if (thrown instanceof StreamableHTTPError && thrown.code === 413 && /"(jsonrpc|status)"/.test(thrown.message)) return undefined;
    return `transport failure: ${(thrown as Error)?.message?.slice(0, 300) ?? String(thrown)}`;
  }
  const envelope = result?.structuredContent as unknown as Envelope | undefined;
  if (!envelope || (envelope.status !== 'success' && envelope.status !== 'error')) return `no envelope: ${JSON.stringify(result).slice(0, 300)}`;
  if (envelope.tool !== tool) return `envelope names tool ${envelope.tool}`;
  const text = result?.content[0]?.type === 'text' ? result.content[0].text : undefined;
  if (text === undefined || JSON.stringify(JSON.parse(text)) !== JSON.stringify(envelope)) return 'text content is not the JSON copy of the envelope';
  if (LEAK.test(text)) return `answer leaks a stack or path: ${text.slice(0, 300)}`;
  if (envelope.status === 'success') return result?.isError ? 'success envelope with isError' : undefined;
  if (result?.isError !== true) return 'error envelope without isError';
  if (!ACCEPTED_CODES.has(envelope.error.code)) return `error ${envelope.error.code}: ${envelope.error.message}`;
  if (typeof envelope.error.message !== 'string' || typeof envelope.error.retryable !== 'boolean')
    return `malformed error body ${JSON.stringify(envelope.error).slice(0, 200)}`;
  return undefined;
}

function summary(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 240 ? `${text.slice(0, 240)}… (${text.length} chars)` : text;
}

describe.each(DATABASES)('hostile input on %s', (kind) => {
  let stack: TestStack;
  let token: string;
  let client: Client;
  let rawToolsList: string;
  const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
  const arrayPrototypeKeys = Object.getOwnPropertyNames(Array.prototype).sort();

  /** tools/list as raw bytes, with a fixed request id. */
  const listToolsRaw = async (): Promise<string> => {
    const response = await fetch(`${stack.url}/mcp`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(response.status).toBe(200);
    return response.text();
  };

  const post = (path: string, body: string | Uint8Array, contentType = 'application/json') =>
    fetch(`${stack.url}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'content-type': contentType, accept: 'application/json, text/event-stream' },
      body,
    });

  beforeAll(async () => {
    stack = await startStack(kind, { OTP_REQUIRED_FOR: 'none' });
    token = await stack.token('glpi', ['mcp', 'api']);
    client = new Client({ name: 'hostile-e2e', version: '0.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${stack.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
    rawToolsList = await listToolsRaw();
  }, 60_000);

  afterAll(async () => {
    await client?.close();
    await stack?.close();
  });

  it('answers every tool called with hostile arguments with a proper envelope, and stays intact', async () => {
    // listTools also makes the client check every structuredContent against the tool's outputSchema.
    const { tools } = await client.listTools();
    expect(tools.length).toBeGreaterThan(5);
    const problems: string[] = [];
    let calls = 0;
    for (const [index, tool] of tools.entries()) {
      // A fresh session per tool, locked to its domain: a fuzzed domain_switch cannot starve the others.
      const opened = (await client.callTool({ name: 'domain_switch', arguments: { domain: domainOf(tool.name) ?? 'project' } })) as CallToolResult;
      const sessionId = String((opened.structuredContent as unknown as { id: unknown }).id);
      const samples = fc.sample(hostileArguments(tool, sessionId), { numRuns: RUNS_PER_TOOL, seed: SEED + index });
      for (const args of samples) {
        let result: CallToolResult | undefined;
        let thrown: unknown;
        try {
          result = (await client.callTool({ name: tool.name, arguments: args as Record<string, unknown> }, undefined, { timeout: 15_000 })) as CallToolResult;
        } catch (error) {
          thrown = error ?? new Error('rejected');
        }
        calls++;
        const problem = judge(tool.name, result, thrown);
        if (problem) problems.push(`${tool.name} ${summary(args)} -> ${problem}`);
      }
    }
    if (problems.length) process.stderr.write(`hostile-input (${kind}, HOSTILE_SEED=${SEED}): ${problems.length} bad answers of ${calls}\n`);
    expect(problems.slice(0, 10)).toEqual([]);

    // Still answering, nothing polluted, the catalogue unchanged to the byte.
    expect((await fetch(`${stack.url}/health`)).status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
    expect(Object.getOwnPropertyNames(Array.prototype).sort()).toEqual(arrayPrototypeKeys);
    expect(await listToolsRaw()).toBe(rawToolsList);
    const ping = (await client.callTool({ name: 'domain_switch', arguments: { domain: 'project' } })) as CallToolResult;
    expect((ping.structuredContent as unknown as Envelope).status).toBe('success');
  }, 120_000);

  it('answers a 5 MB body with a JSON error envelope, not a crash', async () => {
    const big = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'project_search', arguments: { query: 'x'.repeat(5 * 1024 * 1024) } },
    });
    for (const path of ['/mcp', '/api/projects']) {
      const response = await post(path, big);
      expect(response.status).toBe(413);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      const body = (await response.json()) as { jsonrpc?: string; error?: { code?: unknown; issues?: Array<{ code: string }> }; status?: string };
      // /mcp answers in JSON-RPC; REST with the error envelope.
      if (body.jsonrpc === '2.0') expect(typeof body.error?.code).toBe('number');
      else expect(body).toMatchObject({ status: 'error', error: { code: 'VALIDATION_FAILED', issues: [{ code: 'TOO_LONG' }] } });
    }
    expect((await fetch(`${stack.url}/health`)).status).toBe(200);
  });

  it('answers malformed JSON with a JSON-RPC parse error or an error envelope, never HTML', async () => {
    const bodies = [
      '{"jsonrpc": "2.0", "id": 1, "method": ',
      '{"a":1}}',
      'not json at all',
      '\u0000\u0001\u0002',
      '{"__proto__": {"polluted": 1}, "x": }',
      '[',
      '"unterminated',
    ];
    for (const path of ['/mcp', '/api/projects']) {
      for (const body of bodies) {
        const response = await post(path, body);
        const text = await response.text();
        expect(response.headers.get('content-type') ?? '').toMatch(/json/);
        expect(text).not.toMatch(/<html|<!DOCTYPE|<pre>/i);
        expect(text).not.toMatch(LEAK);
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
        const parsed = JSON.parse(text) as { jsonrpc?: string; error?: { code?: unknown } };
        const isRpcParseError = parsed.jsonrpc === '2.0' && parsed.error?.code === -32700;
        const isEnvelope = (parsed as Envelope).status === 'error' && typeof parsed.error?.code === 'string';
        expect(isRpcParseError || isEnvelope).toBe(true);
      }
    }
    // Valid JSON that is not JSON-RPC, and the wrong content type, are refused cleanly too.
    for (const [body, type] of [
      ['{"hello": "world"}', 'application/json'],
      ['[1, 2, 3]', 'application/json'],
      ['{"jsonrpc":"2.0","id":1,"method":"tools/list"}', 'text/plain'],
    ] as const) {
      const response = await post('/mcp', body, type);
      const text = await response.text();
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(text).not.toMatch(/<html|<!DOCTYPE|<pre>/i);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await fetch(`${stack.url}/health`)).status).toBe(200);
  });
});
