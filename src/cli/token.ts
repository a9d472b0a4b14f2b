import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { type Scope, SCOPES } from '../auth/principal.js';
import { DURATION_FORMS, parseDuration } from '../auth/token-hash.js';
import { TokensService, tokenState } from '../auth/tokens.service.js';
import { createContext } from '../bootstrap.js';
import { AppConfig, databaseLabel } from '../config/app-config.js';
import { ConfigError } from '../config/env.schema.js';
import { DeskError } from '../envelope/desk-error.js';

const USAGE = `Usage:
  npm run --silent token -- create --user <login> [--scopes mcp,api,admin] [--expires-in 30d] [--name <label>]
    (scopes default to mcp; admin works only for users whose profile gives the admin right)
  npm run --silent token -- list [--user <login>]
  npm run --silent token -- revoke <id>
The new token is printed as the last line of stdout; only its hash is stored.`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      user: { type: 'string' },
      scopes: { type: 'string', default: 'mcp' },
      'expires-in': { type: 'string' },
      name: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, arg] = positionals;
  if (values.help || !command) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const scopes = values.scopes
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = scopes.filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (bad.length) fail(`Unknown scope(s): ${bad.join(', ')}. Scopes: ${SCOPES.join(', ')}.`);
  const expiresIn = values['expires-in'] ? parseDuration(values['expires-in']) : null;
  if (values['expires-in'] && !expiresIn) fail(`--expires-in must look like ${DURATION_FORMS}.`);
  if (command === 'create' && !values.user) fail(`create needs --user <login>.\n${USAGE}`);
  if (command === 'revoke' && !/^\d+$/.test(arg ?? '')) fail(`revoke needs a token id.\n${USAGE}`);
  if (!['create', 'list', 'revoke'].includes(command)) fail(USAGE);

  const context = await createContext(process.env, false);
  try {
    const tokens = context.get(TokensService);
    // A token is valid only in the database it is stored in: say which one, for a server to use the same.
    const database = databaseLabel(context.get(AppConfig).database);
    if (command === 'create') {
      const { token, record } = await tokens.create(values.user!, scopes as Scope[], expiresIn ?? null, values.name);
      process.stderr.write(
        `Token ${record.id} for ${values.user} (scopes ${record.scopes.join(',')}${record.expires_at ? `, expires ${record.expires_at.toISOString()}` : ''}) in ${database}. Shown once:\n`,
      );
      process.stdout.write(`${token}\n`);
    } else if (command === 'list') {
      for (const t of await tokens.list()) {
        process.stdout.write(`${t.id}\tuser ${t.users_id}\t${t.prefix}…\t${t.scopes.join(',')}\t${tokenState(t)}\t${t.name}\n`);
      }
    } else {
      const t = await tokens.revoke(Number(arg));
      process.stdout.write(`Token ${t.id} revoked.\n`);
    }
  } finally {
    await context.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DeskError) fail(error.message);
  fail(`token: ${error instanceof Error ? error.message : String(error)}`);
});
