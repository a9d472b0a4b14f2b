/**
 * npm run demo — plays the seed scenario against a running server as an MCP client:
 * a project_create with a wrong state name, a bad date and an unknown field; the one aggregated
 * error; the corrected call; the applied result. Uses MCP_TOKEN, or makes a token for `glpi` in
 * the local database (DATABASE_URL) when none is given.
 */
import 'reflect-metadata';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { TokensService } from '../src/auth/tokens.service.js';
import { createContext } from '../src/bootstrap.js';

const url = process.env.INTENTDESK_URL ?? `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? '3000'}/mcp`;
const bold = (s: string) => (process.stdout.isTTY ? `\x1b[1m${s}\x1b[0m` : s);
const dim = (s: string) => (process.stdout.isTTY ? `\x1b[2m${s}\x1b[0m` : s);

async function tokenFor(login: string): Promise<string> {
  if (process.env.MCP_TOKEN) return process.env.MCP_TOKEN;
  const context = await createContext(process.env, false);
  try {
    return (await context.get(TokensService).create(login, ['mcp'], 3_600_000, 'demo')).token;
  } finally {
    await context.close();
  }
}

type Envelope = Record<string, unknown> & { status: string; error?: { message: string; issues?: Array<Record<string, unknown>> } };

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<Envelope> {
  console.log(`\n${bold('→ ' + name)} ${dim(JSON.stringify(args))}`);
  const result = await client.callTool({ name, arguments: args });
  const envelope = result.structuredContent as Envelope;
  if (envelope.status === 'error') {
    console.log(`${bold('✗ ' + envelope.error!.message)}`);
    for (const issue of envelope.error!.issues ?? []) {
      const hint = issue.did_you_mean ? `  did_you_mean: ${JSON.stringify(issue.did_you_mean)}` : issue.expected ? `  expected: ${String(issue.expected)}` : '';
      console.log(`   • ${String(issue.field).padEnd(18)} ${String(issue.code).padEnd(20)} ${hint}`);
    }
  } else {
    console.log(`${bold('✓ ' + String(envelope.message))}`);
    if (envelope.applied) console.log(`   applied:  ${JSON.stringify(envelope.applied)}`);
    if (envelope.resolved) console.log(`   resolved: ${JSON.stringify(envelope.resolved)}`);
  }
  return envelope;
}

async function main(): Promise<void> {
  const token = await tokenFor(process.env.DEMO_USER ?? 'glpi');
  const client = new Client({ name: 'intentdesk-demo', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  console.log(bold(`intentdesk demo — ${url}`));

  const opened = await call(client, 'domain_switch', { domain: 'project' });
  const session_id = String(opened.id);

  console.log(dim('\nA model\'s first try: a state name that does not exist, a Brazilian date, a field name that is not ours.'));
  await call(client, 'project_create', {
    domain: 'project',
    session_id,
    name: 'Migração ERP fase 2',
    projectstates_id: 'Em andamento',
    plan_start_date: '01/06/2026',
    manager: 'Maria Silva',
    dry_run: true,
  });

  console.log(dim('\nOne error listed every problem; the corrected call uses names and a bare date:'));
  await call(client, 'project_create', {
    domain: 'project',
    session_id,
    name: 'Migração ERP fase 2',
    projectstates_id: 'Processing',
    plan_start_date: '2026-06-01',
    users_id: 'Maria Silva',
    timezone: 'America/Sao_Paulo',
    dry_run: true,
  });

  console.log(dim('\nAnd the intent lock: a ticket tool in this project session is refused with the call to make.'));
  await call(client, 'ticket_search', { domain: 'ticket', session_id, query: 'impressora' });
  console.log(dim('\n(dry_run: nothing was written; without it the write asks for a verified session via auth_request_otp.)'));
  await client.close();
}

main().catch((error: unknown) => {
  console.error(`demo failed: ${error instanceof Error ? error.message : String(error)} (is the server running? npm start)`);
  process.exit(1);
});
