import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Flags, isMain, numberFlag } from '../lib/args.js';
import { runCommand } from '../lib/commands.js';
import { importDist, importRoot } from '../lib/paths.js';
import { addTicketsViaRest, openSession, productEnv, ticketArgs } from '../lib/product.js';

/**
 * CPU per tool call of the chain alone, in this process: the HTTP protocol handler (dispatch, the
 * whole enhancer chain, the service, serialization of the answer) called directly, no socket, no
 * HTTP parsing. Steadier than the load bench on a shared machine, so two builds can be compared by
 * alternating runs. Usage: `node --import tsx load/chain.ts [--calls 3000] [--rounds 5]
 * [--tools ticket_get,ticket_search,ticket_create] [--analyzed] [--logged] [--tickets 0]`; add `--cpu-prof` to node for a profile.
 * `ticket_create` is a dry run; `ticket_create_real` creates the ticket and commits it, with a new
 * idempotency key per call (so each call claims and completes its record instead of replaying).
 * `--analyzed`: the planner statistics refreshed first, as the product's schedule does five minutes
 * after start (SQLite `PRAGMA optimize`), so statements run against the statistics they meet in service.
 * `--logged`: the product's own logger at its default level, as the server runs (one JSON line per
 * call on stderr: redirect it, `2>/dev/null`), so the log line's cost is in the measure.
 * `--tickets N`: N tickets added through REST first, as the load bench adds them (its default: 300),
 * so a search finds more than a page and counts its matches as it does there.
 * `--promises`: also the promises each call makes (counted over 1000 calls before the rounds).
 */

interface HttpAnswer {
  status: number;
  body?: string;
}
interface Protocol {
  handle(principal: unknown, payload: unknown, headers: Record<string, string>): Promise<HttpAnswer>;
}
interface NestApp {
  get<T>(token: unknown): T;
  listen(port: number, host: string): Promise<unknown>;
  getHttpServer(): { address(): { port: number } };
  close(): Promise<void>;
}
type Ctor = new (...args: never[]) => unknown;

const HEADERS = { accept: 'application/json, text/event-stream', protocolVersion: '2025-06-18', requestId: 'chain-bench' };

export async function run(flags: Flags): Promise<string> {
  const calls = numberFlag(flags, 'calls', 3000);
  const rounds = numberFlag(flags, 'rounds', 5);
  const wanted = typeof flags.tools === 'string' ? flags.tools.split(',') : ['ticket_get', 'ticket_search', 'ticket_create'];
  await importRoot('reflect-metadata');
  const dir = mkdtempSync(join(tmpdir(), 'intentdesk-bench-chain-'));
  const { createHttpApp } = await importDist<{ createHttpApp: (env: Record<string, string | undefined>, o: { logger?: string[] }) => Promise<NestApp> }>(
    'bootstrap.js',
  );
  const { TokensService } = await importDist<{ TokensService: Ctor }>('auth/tokens.service.js');
  const { AuthService } = await importDist<{ AuthService: Ctor }>('auth/auth.service.js');
  const { McpHttpProtocol } = await importDist<{ McpHttpProtocol: Ctor }>('transports/mcp/mcp-http.protocol.js');
  const { PlannerStatistics } = await importDist<{ PlannerStatistics: Ctor }>('database/planner-statistics.js');
  const analyzed = flags.analyzed === true;
  const limits = { RATE_LIMIT_READS: '1000000', RATE_LIMIT_WRITES: '1000000' };
  const logged = flags.logged === true;
  const extraTickets = numberFlag(flags, 'tickets', 0);
  const countPromises = flags.promises === true;
  const app = await createHttpApp(productEnv(`sqlite:${join(dir, 'chain.sqlite')}`, 0, limits), logged ? {} : { logger: ['error'] });
  const lines: string[] = [];
  try {
    await app.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${app.getHttpServer().address().port}`;
    const { token } = await app
      .get<{ create(login: string, scopes: string[], exp: null): Promise<{ token: string }> }>(TokensService)
      .create('glpi', ['mcp', 'api'], null);
    const principal = await app.get<{ authenticate(h: string, s: string): Promise<unknown> }>(AuthService).authenticate(`Bearer ${token}`, 'mcp');
    if (extraTickets > 0) await addTicketsViaRest(url, token, extraTickets);
    const sessionId = await openSession(url, token, 'ticket');
    const protocol = app.get<Protocol>(McpHttpProtocol);
    if (analyzed && !(await app.get<{ refresh(): Promise<boolean> }>(PlannerStatistics).refresh())) throw new Error('planner statistics not refreshed');
    const args: Record<string, Record<string, unknown>> = {
      ticket_get: { id: 3 },
      ticket_search: { itilcategories_id: 'Hardware', query: 'impressora' },
      ticket_create: { ...ticketArgs(2), dry_run: true },
      ticket_create_real: ticketArgs(2),
    };
    /** What a bench name calls: the tool it names, or the real write it stands for. */
    const toolOf = (name: string): string => (name === 'ticket_create_real' ? 'ticket_create' : name);
    lines.push(
      `| tool | CPU µs per call (median of rounds) | min | rounds |${countPromises ? ' promises per call |' : ''}`,
      `| --- | --- | --- | --- |${countPromises ? ' --- |' : ''}`,
    );
    for (const tool of wanted) {
      const body = JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: toolOf(tool), arguments: { domain: 'ticket', session_id: sessionId, ...args[tool] } },
      });
      const keyed = tool === 'ticket_create_real';
      let sent = 0;
      const once = async (): Promise<void> => {
        const payload = JSON.parse(body) as { params: { arguments: Record<string, unknown> } };
        if (keyed) payload.params.arguments.idempotency_key = `chain-${String(++sent)}`;
        const answer = await protocol.handle(principal, payload, HEADERS);
        if (answer.status !== 200 || answer.body?.includes('"isError":true')) throw new Error(`${tool}: ${answer.body?.slice(0, 300)}`);
        // A turn of the event loop between calls, as each request is on a server: without it, calls
        // answered in microtasks alone starve the timers and immediates the audit's batches are
        // written on, and its buffer fills and drops entries instead of writing them.
        await nextTurn();
      };
      for (let i = 0; i < 500; i++) await once();
      const promises = countPromises ? await promisesPerCall(once) : undefined;
      const perCall: number[] = [];
      for (let r = 0; r < rounds; r++) {
        const before = process.cpuUsage();
        for (let i = 0; i < calls; i++) await once();
        const used = process.cpuUsage(before);
        perCall.push((used.user + used.system) / calls);
      }
      const sorted = [...perCall].sort((a, b) => a - b);
      lines.push(
        `| ${tool} | ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} | ${sorted[0].toFixed(1)} | ${perCall.map((v) => v.toFixed(0)).join(' ')} |${countPromises ? ` ${String(promises)} |` : ''}`,
      );
    }
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return `**Chain CPU per call, in-process** (no HTTP; ${calls} calls per round after 500 warm-up calls, a turn of the event loop after each${analyzed ? '; planner statistics refreshed first' : ''}${logged ? '; one log line per call' : ''}${extraTickets > 0 ? `; ${extraTickets} tickets added` : ''}):\n\n${lines.join('\n')}\n`;
}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Promises made per call (every promise of the process while 1000 calls run, one at a time, before
 * the measured rounds: the bench's own two per call included). Each is an allocation and, awaited,
 * a turn of the microtask queue. The hook that counts them slows the calls it watches, so it is off
 * while CPU is measured.
 */
async function promisesPerCall(once: () => Promise<void>): Promise<number> {
  const { createHook } = await import('node:async_hooks');
  let made = 0;
  const hook = createHook({
    init(_id: number, type: string) {
      if (type === 'PROMISE') made++;
    },
  }).enable();
  try {
    for (let i = 0; i < 1000; i++) await once();
  } finally {
    hook.disable();
  }
  return made / 1000;
}

if (isMain(import.meta.url)) await runCommand('chain', async (flags) => void process.stdout.write(await run(flags)));
