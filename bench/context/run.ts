import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { boolFlag, isMain, numberFlag, type Flags } from '../lib/args.js';
import { runCommand } from '../lib/commands.js';
import { rpc, toolsCallBody } from '../lib/mcp.js';
import { RESULTS_DIR } from '../lib/paths.js';
import { addTicketsViaRest, createToken, openSession, startProduct } from '../lib/product.js';
import { Report } from '../lib/report.js';
import { fmtBytes, table } from '../lib/stats.js';

/**
 * How much of a model's context the server costs: the tools/list answer (all tools, per domain,
 * per part of a tool) and typical results, in bytes and tokens.
 */

/** Every tool of a Super-Admin, in the shipped configuration, within 28 KiB. */
const TARGET_LIST_BYTES = 28 * 1024;

interface Tool {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
  annotations?: unknown;
  [key: string]: unknown;
}

type Counter = (text: string) => number;

async function tokenCounter(): Promise<{ name: string; count: Counter } | undefined> {
  try {
    const mod = (await import('gpt-tokenizer')) as { countTokens?: (t: string) => number; encode: (t: string) => number[] };
    return { name: 'gpt-tokenizer o200k_base', count: (t) => (mod.countTokens ? mod.countTokens(t) : mod.encode(t).length) };
  } catch {
    return undefined;
  }
}

function domainOf(name: string): string {
  const m = /^(project|ticket|user)_/.exec(name);
  return m ? `${m[1]}_*` : 'session tools';
}

export async function run(flags: Flags = {}): Promise<string> {
  const report = new Report('Context: what the tools cost in a model\'s context');
  const keep = boolFlag(flags, 'keep', false);
  const tickets = numberFlag(flags, 'tickets', 30);
  const work = mkdtempSync(join(tmpdir(), 'intentdesk-bench-context-'));
  const databaseUrl = `sqlite:${join(work, 'context.sqlite')}`;
  const tokenizer = await tokenCounter();
  const measure = (text: string) => {
    const bytes = Buffer.byteLength(text);
    return { bytes, approx: Math.ceil(text.length / 4), tokens: tokenizer ? tokenizer.count(text) : NaN };
  };
  const cols = (m: ReturnType<typeof measure>) => [fmtBytes(m.bytes), m.bytes, m.approx, tokenizer ? m.tokens : 'n/a'];
  const headers = (first: string) => [first, 'size', 'bytes', '~tokens (chars/4)', tokenizer ? `tokens (${tokenizer.name})` : 'tokens'];

  // The data goes in through a server with the rate limits out of the way; the list is then read
  // from a server with the shipped configuration, since descriptions quote the limits in force.
  const filler = await startProduct({ databaseUrl, logFile: `${RESULTS_DIR}logs/context-intentdesk-fill.log` });
  let token: string;
  try {
    token = await createToken(databaseUrl, 'glpi', 'mcp,api');
    await addTicketsViaRest(filler.url, token, tickets);
  } finally {
    await filler.stop();
  }
  const server = await startProduct({
    databaseUrl,
    logFile: `${RESULTS_DIR}logs/context-intentdesk.log`,
    // The shipped configuration: default limits, codes for writes, approval of destructive ones.
    env: { RATE_LIMIT_READS: undefined, RATE_LIMIT_WRITES: undefined, OTP_REQUIRED_FOR: undefined, APPROVAL_REQUIRED_FOR: undefined },
  });
  try {

    // tools/list for a Super-Admin (every tool visible).
    const list = await rpc(server.url, token, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }));
    const tools = ((list.json?.result as { tools?: Tool[] } | undefined)?.tools ?? []) as Tool[];
    if (list.status !== 200 || tools.length === 0) throw new Error(`tools/list failed: HTTP ${list.status} ${list.text.slice(0, 300)}`);
    const toolsJson = JSON.stringify(tools);
    const whole = measure(list.text);
    const justTools = measure(toolsJson);

    const rows: Array<Array<string | number>> = [['whole tools/list answer (JSON-RPC body)', ...cols(whole)], ['tools array only', ...cols(justTools)]];
    const domains = new Map<string, Tool[]>();
    for (const t of tools) domains.set(domainOf(t.name), [...(domains.get(domainOf(t.name)) ?? []), t]);
    for (const [domain, list] of [...domains.entries()].sort()) rows.push([`${domain} (${list.length} tools)`, ...cols(measure(JSON.stringify(list)))]);
    report.add(`${tools.length} tools listed for a Super-Admin token.\n\n${table(headers('tools/list'), rows)}`);

    // Which part of a tool weighs: description, input schema, output schema, the rest.
    const parts = { description: 0, inputSchema: 0, outputSchema: 0, 'name, title, annotations': 0 };
    for (const t of tools) {
      const { description, inputSchema, outputSchema, ...rest } = t;
      parts.description += Buffer.byteLength(JSON.stringify(description ?? ''));
      parts.inputSchema += Buffer.byteLength(JSON.stringify(inputSchema ?? {}));
      parts.outputSchema += Buffer.byteLength(JSON.stringify(outputSchema ?? {}));
      parts['name, title, annotations'] += Buffer.byteLength(JSON.stringify(rest));
    }
    const outputSchemas = new Set(tools.map((t) => JSON.stringify(t.outputSchema ?? {})));
    report.add(
      table(
        ['part (summed over all tools)', 'bytes', 'share of tools array'],
        Object.entries(parts).map(([k, v]) => [k, v, `${((v / justTools.bytes) * 100).toFixed(1)}%`]),
      ) + `\n\n${outputSchemas.size} distinct outputSchema value(s) across ${tools.length} tools.`,
    );

    // Input properties repeated verbatim across tools (candidates for shorter shared wording).
    const repeated = new Map<string, { name: string; bytes: number; tools: number }>();
    for (const t of tools) {
      const props = ((t.inputSchema ?? {}) as { properties?: Record<string, unknown> }).properties ?? {};
      for (const [name, schema] of Object.entries(props)) {
        const json = JSON.stringify(schema);
        const key = `${name}\u0000${json}`;
        const entry = repeated.get(key) ?? { name, bytes: Buffer.byteLength(json) + name.length + 3, tools: 0 };
        entry.tools++;
        repeated.set(key, entry);
      }
    }
    const shared = [...repeated.values()].filter((r) => r.tools > 1).sort((a, b) => b.bytes * b.tools - a.bytes * a.tools);
    report.add(
      '**Input properties repeated verbatim in several tools** (same name and schema)\n\n' +
        table(
          ['property', 'bytes each', 'tools', 'bytes in total'],
          shared.slice(0, 10).map((r) => [r.name, r.bytes, r.tools, r.bytes * r.tools]),
        ) +
        `\n\nAll repeated properties together: ${shared.reduce((n, r) => n + r.bytes * r.tools, 0)} bytes of ${justTools.bytes}.`,
    );

    const perTool = tools
      .map((t) => ({
        t,
        m: measure(JSON.stringify(t)),
        d: Buffer.byteLength(t.description ?? ''),
        i: Buffer.byteLength(JSON.stringify(t.inputSchema ?? {})),
        o: Buffer.byteLength(JSON.stringify(t.outputSchema ?? {})),
      }))
      .sort((a, b) => b.m.bytes - a.m.bytes);
    report.add(
      '**Heaviest tools**\n\n' +
        table(
          ['tool', 'bytes', '~tokens', 'tokens', 'description B', 'inputSchema B', 'outputSchema B'],
          perTool.slice(0, 8).map(({ t, m, d, i, o }) => [t.name, m.bytes, m.approx, tokenizer ? m.tokens : 'n/a', d, i, o]),
        ) +
        `\n\nLargest single tool: ${perTool[0].t.name}, ${perTool[0].m.bytes} bytes.`,
    );

    // Typical results.
    const sessionId = await openSession(server.url, token, 'ticket');
    const search = await rpc(server.url, token, toolsCallBody('ticket_search', { domain: 'ticket', session_id: sessionId, limit: 20 }));
    const searchResult = search.json?.result as { content?: Array<{ text?: string }>; structuredContent?: { data?: { items?: unknown[] } } } | undefined;
    const items = searchResult?.structuredContent?.data?.items?.length ?? 0;
    const get = await rpc(server.url, token, toolsCallBody('ticket_get', { domain: 'ticket', session_id: sessionId, id: 1 }));
    const getResult = get.json?.result as { content?: Array<{ text?: string }>; structuredContent?: unknown } | undefined;
    report.add(
      `**Results** (the answer carries the envelope twice: as structuredContent and as its JSON text copy in content; a client shows the model one or both)\n\n` +
        table(headers('result'), [
          [`ticket_search, ${items} items: whole answer`, ...cols(measure(search.text))],
          ['  content[0].text only', ...cols(measure(searchResult?.content?.[0]?.text ?? ''))],
          ['  structuredContent only', ...cols(measure(JSON.stringify(searchResult?.structuredContent ?? {})))],
          ['ticket_get (seed ticket 1): whole answer', ...cols(measure(get.text))],
          ['  content[0].text only', ...cols(measure(getResult?.content?.[0]?.text ?? ''))],
        ]),
    );

    const verdict = whole.bytes <= TARGET_LIST_BYTES ? 'met' : 'NOT met';
    report.add(
      `**Target**: every tool's tools/list <= ${TARGET_LIST_BYTES} bytes (28 KiB): whole JSON-RPC answer ${whole.bytes} bytes (tools array ${justTools.bytes}): ` +
        `${verdict} (${(whole.bytes / TARGET_LIST_BYTES).toFixed(3)}x). Read from a server with the shipped configuration (limits, codes for writes, approval of destructive writes), which descriptions quote.`,
    );
    return report.toString();
  } finally {
    await server.stop();
    if (!keep) rmSync(work, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) {
  const { writeSummary } = await import('../lib/summary.js');
  await runCommand('context', async (flags) => void writeSummary('context', await run(flags)));
}
