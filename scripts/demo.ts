/**
 * npm run demo — plays the seed scenario against a running server as an MCP client:
 * a project_create with a wrong state name, a bad date and an unknown field; the one aggregated
 * error; the corrected call; the applied result.
 *
 * The server: INTENTDESK_URL (the /mcp URL), else http://HOST:PORT/mcp with the server's own
 * defaults (127.0.0.1, 3000). The token: MCP_TOKEN, else one made for `glpi` in the database of
 * DATABASE_URL (the server's, by default the same file) and revoked when the demo ends.
 */
import 'reflect-metadata';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { INestApplicationContext } from '@nestjs/common';
import { MCP_TOKEN_COMMAND } from '../src/auth/token-howto.js';
import { TokensService } from '../src/auth/tokens.service.js';
import { createContext } from '../src/bootstrap.js';
import { AppConfig, databaseLabel } from '../src/config/app-config.js';

const url = process.env.INTENTDESK_URL ?? `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? '3000'}/mcp`;
const bold = (s: string) => (process.stdout.isTTY ? `\x1b[1m${s}\x1b[0m` : s);
const dim = (s: string) => (process.stdout.isTTY ? `\x1b[2m${s}\x1b[0m` : s);

/** A token to talk with: MCP_TOKEN, or one of the demo's own that `done()` revokes. */
interface DemoToken {
  token: string;
  /** Where it was made (to say so when the server does not know it). */
  database?: string;
  done(): Promise<void>;
}

async function tokenFor(login: string): Promise<DemoToken> {
  if (process.env.MCP_TOKEN) return { token: process.env.MCP_TOKEN, done: async () => undefined };
  const context: INestApplicationContext = await createContext(process.env, false);
  try {
    const tokens = context.get(TokensService);
    const { token, record } = await tokens.create(login, ['mcp'], 3_600_000, 'demo');
    return {
      token,
      database: databaseLabel(context.get(AppConfig).database),
      done: async () => {
        try {
          await tokens.revoke(record.id);
        } finally {
          await context.close();
        }
      },
    };
  } catch (error) {
    await context.close();
    throw error;
  }
}

type Envelope = Record<string, unknown> & {
  status: string;
  error?: { code: string; message: string; issues?: Array<Record<string, unknown>>; next_call?: unknown };
};

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<Envelope> {
  console.log(`\n${bold('→ ' + name)} ${dim(JSON.stringify(args))}`);
  const result = await client.callTool({ name, arguments: args });
  const envelope = result.structuredContent as Envelope;
  if (envelope.status === 'error') {
    console.log(bold(`✗ ${envelope.error!.code}: ${envelope.error!.message}`));
    for (const issue of envelope.error!.issues ?? []) {
      const hint = issue.did_you_mean
        ? `  did_you_mean: ${JSON.stringify(issue.did_you_mean)}`
        : issue.expected
          ? `  expected: ${issue.expected as string}`
          : '';
      console.log(`   • ${String(issue.field).padEnd(18)} ${String(issue.code).padEnd(20)} ${hint}`);
    }
    if (envelope.error!.next_call) console.log(`   next_call: ${JSON.stringify(envelope.error!.next_call)}`);
  } else {
    console.log(bold('✓ ' + String(envelope.message)));
    if (envelope.applied) console.log(`   applied:  ${JSON.stringify(envelope.applied)}`);
    if (envelope.resolved) console.log(`   resolved: ${JSON.stringify(envelope.resolved)}`);
  }
  return envelope;
}

async function main(): Promise<void> {
  const demoToken = await tokenFor(process.env.DEMO_USER ?? 'glpi');
  try {
    await play(demoToken);
  } finally {
    await demoToken.done();
  }
}

async function play({ token, database }: DemoToken): Promise<void> {
  const client = new Client({ name: 'intentdesk-demo', version: '1.0.0' });
  try {
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // A 401 is an answer: the server is there and refused the token (MCP_TOKEN's, or the one made in `database`).
    if (/\b401\b|Unauthorized/.test(reason)) {
      const whose = database
        ? `the demo's token, made in ${database}: start the server with the same DATABASE_URL`
        : `MCP_TOKEN: create one for this server with ${MCP_TOKEN_COMMAND}`;
      throw new Error(`intentdesk at ${url} refused ${whose} (${reason})`, { cause: error });
    }
    const hint = 'is the server running (npm start)? Set INTENTDESK_URL, or HOST and PORT, to where it listens';
    throw new Error(`could not reach intentdesk at ${url}: ${reason} (${hint})`, { cause: error });
  }
  console.log(bold(`intentdesk demo — ${url}`));

  try {
    const opened = await call(client, 'domain_switch', { domain: 'project' });
    const session_id = String(opened.id);

    console.log(dim("\nA model's first try: a state name that does not exist, a Brazilian date, a field name that is not ours."));
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
  } finally {
    await client.close();
  }
}

main().catch((error: unknown) => {
  console.error(`demo failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
