/**
 * Calls per approved write: what a person's approval costs a model, counted with real clients.
 *
 *   npm run build && cd bench && node --import tsx agent/approval.ts
 *
 * Starts intentdesk (dist/) on a fresh SQLite file with APPROVAL_REQUIRED_FOR=write and the
 * sign-in links delivered to a file. Each write task runs three ways:
 * - plain client: the write answers APPROVAL_REQUIRED; a simulated person (HTTP requests, not
 *   counted: they are the user's, not the model's) signs in with the delivered link and presses
 *   Approve; the agent then makes `next_call`;
 * - URL-elicitation client (2025-11-25): the write answers -32042 with the page; the person approves;
 *   the client repeats the same call;
 * - one-time code (APPROVAL_REQUIRED_FOR=none, OTP_REQUIRED_FOR=write), for comparison: the write
 *   answers VERIFICATION_REQUIRED, then auth_request_otp, auth_verify_otp with the delivered code,
 *   and the write again.
 * Counts every tools/call after the session is open, checks the record in the database, and writes
 * bench/results/approval.md. Target: at most one call more than the write itself for a plain client.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import Database from 'better-sqlite3';
import { repoRoot, startIntentdesk } from './servers.js';

type Mode = 'plain' | 'elicitation' | 'otp';

interface Task {
  id: string;
  tool: string;
  domain: 'project' | 'ticket' | 'user';
  args: (n: string) => Record<string, unknown>;
  /** SQL counting the rows the write must leave (one), with the task's tag. */
  check: string;
}

const TASKS: Task[] = [
  { id: 'A1', tool: 'project_create', domain: 'project', args: (n) => ({ name: `Projeto ${n}`, projectstates_id: 'Processing' }), check: 'SELECT COUNT(*) AS n FROM glpi_projects WHERE name = ?' },
  { id: 'A2', tool: 'ticket_create', domain: 'ticket', args: (n) => ({ name: `Chamado ${n}`, content: 'Impressora sem toner', urgency: 'Alta' }), check: 'SELECT COUNT(*) AS n FROM glpi_tickets WHERE name = ?' },
  { id: 'A3', tool: 'user_create', domain: 'user', args: (n) => ({ name: `user.${n}`, realname: 'Souza', firstname: 'Ana' }), check: 'SELECT COUNT(*) AS n FROM glpi_users WHERE name = ?' },
];

/** The person: asks for a sign-in link on the page, follows it, presses Approve. Their requests are not the model's calls. */
class Person {
  private cookie = '';
  constructor(private readonly linkFile: string) {}

  async approve(url: string): Promise<void> {
    if (!this.cookie) {
      await fetch(`${url}/sign-in`, { method: 'POST', redirect: 'manual' });
      const lines = readFileSync(this.linkFile, 'utf8').trim().split('\n');
      const link = (JSON.parse(lines[lines.length - 1]) as { link: string }).link;
      const signedIn = await fetch(link, { redirect: 'manual' });
      this.cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0];
    }
    const page = await (await fetch(url, { headers: { cookie: this.cookie } })).text();
    const csrf = /name="csrf" value="([^"]*)"/.exec(page)?.[1];
    if (!csrf) throw new Error(`no decision form at ${url}`);
    const decided = await fetch(url, {
      method: 'POST',
      headers: { cookie: this.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf, decision: 'approve' }).toString(),
    });
    if (decided.status !== 200) throw new Error(`approval refused: ${decided.status}`);
  }

  /** The last one-time code delivered for `session`. */
  codeFor(session: string): string {
    const lines = readFileSync(this.linkFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { session_id?: string; code?: string });
    const code = lines.filter((l) => l.session_id === session && l.code).pop()?.code;
    if (!code) throw new Error(`no code for ${session}`);
    return code;
  }
}

interface Envelope {
  status: string;
  data?: { session_id?: string };
  error?: { code: string; approval_url?: string; next_call?: { tool: string; arguments: Record<string, unknown> } };
}

async function connect(url: string, token: string, eliciting: boolean): Promise<Client> {
  const client = new Client({ name: 'approval-bench', version: '1.0.0' }, eliciting ? { capabilities: { elicitation: { url: {} } } } : {});
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  return client;
}

/** One write task, the way a client of `mode` finishes it; answers the model's calls after the session is open. */
async function runTask(client: Client, person: Person, task: Task, mode: Mode, tag: string): Promise<{ calls: number; ok: boolean }> {
  let calls = 0;
  const call = async (name: string, args: Record<string, unknown>): Promise<Envelope> => {
    calls++;
    const result = (await client.callTool({ name, arguments: args })) as { structuredContent?: Envelope };
    return result.structuredContent ?? { status: 'error' };
  };
  const session = (await client.callTool({ name: 'domain_switch', arguments: { domain: task.domain } })) as unknown as { structuredContent: Envelope };
  const sessionId = session.structuredContent.data?.session_id ?? '';
  const args = { domain: task.domain, session_id: sessionId, ...task.args(tag) };
  if (mode === 'elicitation') {
    try {
      calls++;
      await client.callTool({ name: task.tool, arguments: args });
    } catch (error) {
      if (!(error instanceof McpError) || error.code !== -32042) throw error;
      await person.approve((error.data as { elicitations: Array<{ url: string }> }).elicitations[0].url);
    }
    const ok = (await call(task.tool, args)).status === 'success';
    return { calls, ok };
  }
  const first = await call(task.tool, args);
  if (first.status === 'success') return { calls, ok: true };
  if (mode === 'plain' && first.error?.code === 'APPROVAL_REQUIRED' && first.error.approval_url && first.error.next_call) {
    await person.approve(first.error.approval_url);
    const ok = (await call(first.error.next_call.tool, first.error.next_call.arguments)).status === 'success';
    return { calls, ok };
  }
  if (mode === 'otp' && first.error?.code === 'VERIFICATION_REQUIRED') {
    await call('auth_request_otp', { session_id: sessionId });
    await call('auth_verify_otp', { session_id: sessionId, code: person.codeFor(sessionId) });
    const ok = (await call(task.tool, args)).status === 'success';
    return { calls, ok };
  }
  return { calls, ok: false };
}

async function runMode(mode: Mode): Promise<Array<{ task: string; calls: number; solved: boolean }>> {
  const dir = mkdtempSync(join(tmpdir(), 'intentdesk-approval-bench-'));
  const linkFile = join(dir, 'delivery.jsonl');
  const env =
    mode === 'otp'
      ? { APPROVAL_REQUIRED_FOR: 'none', OTP_REQUIRED_FOR: 'write', OTP_DELIVERY: `file:${linkFile}` }
      : { APPROVAL_REQUIRED_FOR: 'write', OTP_REQUIRED_FOR: 'write', OTP_DELIVERY: `file:${linkFile}` };
  const server = await startIntentdesk(dir, env);
  const person = new Person(linkFile);
  const client = await connect(server.url, server.token, mode === 'elicitation');
  const rows: Array<{ task: string; calls: number; solved: boolean }> = [];
  try {
    for (const task of TASKS) {
      const tag = `${mode}-${task.id}`;
      const { calls, ok } = await runTask(client, person, task, mode, tag);
      const db = new Database(server.dbPath, { readonly: true });
      const args = task.args(tag);
      const count = (db.prepare(task.check).get(String(args.name)) as { n: number }).n;
      db.close();
      rows.push({ task: `${task.id} ${task.tool}`, calls, solved: ok && count === 1 });
    }
  } finally {
    await client.close().catch(() => undefined);
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

async function main(): Promise<void> {
  const modes: Mode[] = ['plain', 'elicitation', 'otp'];
  const results = new Map<Mode, Array<{ task: string; calls: number; solved: boolean }>>();
  for (const mode of modes) results.set(mode, await runMode(mode));
  const lines = [
    '# Calls per approved write (bench/agent/approval.ts)',
    '',
    `Run ${new Date().toISOString()}, Node ${process.version}. Calls are the model's tools/call after domain_switch; the person's page requests are not counted.`,
    'Target: a plain client needs at most one call more than the write itself (2 calls).',
    '',
    '| task | plain client (APPROVAL_REQUIRED + next_call) | URL elicitation (-32042 + same call) | one-time code (OTP, for comparison) |',
    '|---|---|---|---|',
  ];
  for (let i = 0; i < TASKS.length; i++) {
    const cell = (mode: Mode): string => {
      const row = results.get(mode)![i];
      return `${row.calls}${row.solved ? '' : ' (not solved)'}`;
    };
    lines.push(`| ${results.get('plain')![i].task} | ${cell('plain')} | ${cell('elicitation')} | ${cell('otp')} |`);
  }
  const mean = (mode: Mode): string => (results.get(mode)!.reduce((s, r) => s + r.calls, 0) / TASKS.length).toFixed(2);
  const solved = (mode: Mode): string => `${results.get(mode)!.filter((r) => r.solved).length}/${TASKS.length}`;
  lines.push(`| **mean calls per write** | ${mean('plain')} | ${mean('elicitation')} | ${mean('otp')} |`);
  lines.push(`| solved | ${solved('plain')} | ${solved('elicitation')} | ${solved('otp')} |`);
  const report = `${lines.join('\n')}\n`;
  mkdirSync(join(repoRoot(), 'bench', 'results'), { recursive: true });
  writeFileSync(join(repoRoot(), 'bench', 'results', 'approval.md'), report);
  process.stdout.write(report);
}

if (process.argv.length > 2) {
  // It takes no arguments: --help (or anything else) prints what it does instead of running it.
  process.stdout.write('Usage: node --import tsx agent/approval.ts (no arguments): calls per approved write, three ways; writes bench/results/approval.md\n');
  process.exit(process.argv.includes('--help') ? 0 : 2);
}

main().catch((error: unknown) => {
  process.stderr.write(`approval bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
