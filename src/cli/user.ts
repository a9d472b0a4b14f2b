import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { DataSource } from 'typeorm';
import { SET_PASSWORD_COMMAND } from '../auth/token-howto.js';
import { whereOf } from '../auth/visibility.js';
import { createContext } from '../bootstrap.js';
import { AppConfig, databaseLabel } from '../config/app-config.js';
import { ConfigError } from '../config/env.schema.js';
import { DbLock } from '../database/db-lock.js';
import { hashPassword } from '../database/password-hash.js';
import { loginIs } from '../database/user-keys.js';
import { DeskError } from '../envelope/desk-error.js';

const USAGE = `Usage:
  ${SET_PASSWORD_COMMAND}
    reads the new password from stdin (one line; at least 8 characters), stores its scrypt hash
  npm run --silent user -- clear-password <login>
    the user can no longer sign in on the OAuth pages (tokens keep working)`;

const MIN_LENGTH = 8;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

async function readStdinLine(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { help: { type: 'boolean', short: 'h' } } });
  const [command, login] = positionals;
  if (values.help || !command) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (!['set-password', 'clear-password'].includes(command) || !login) fail(USAGE);
  // The password comes on stdin, never as an argument (arguments show in process lists and shell history).
  const password = command === 'set-password' ? await readStdinLine() : null;
  if (password !== null && Array.from(password).length < MIN_LENGTH) fail(`The password must have at least ${MIN_LENGTH} characters.`);
  const hash = password === null ? null : await hashPassword(password);

  const context = await createContext(process.env, false);
  try {
    const dataSource = context.get(DataSource);
    const result = await context
      .get(DbLock)
      .exclusive(() =>
        whereOf(
          dataSource.createQueryBuilder().update('glpi_users').set({ password: hash }).where('is_deleted = 0'),
          loginIs(dataSource, 'glpi_users', login),
        ).execute(),
      );
    if (!result.affected) throw new DeskError('NOT_FOUND', `User '${login}' not found.`);
    const database = databaseLabel(context.get(AppConfig).database);
    process.stdout.write(`${command === 'set-password' ? 'Password set' : 'Password cleared'} for ${login} in ${database}.\n`);
  } finally {
    await context.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DeskError) fail(error.message);
  fail(`user: ${error instanceof Error ? error.message : String(error)}`);
});
