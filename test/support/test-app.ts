import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication, LoggerService, LogLevel } from '@nestjs/common';
import { AuditService } from '../../src/audit/audit.service.js';
import type { Scope } from '../../src/auth/principal.js';
import { TokensService } from '../../src/auth/tokens.service.js';
import { createHttpApp } from '../../src/bootstrap.js';
import { createTestDatabase, type DbKind, type TestDatabase } from './databases.js';

export type Env = Record<string, string | undefined>;

export interface TestApp {
  app: INestApplication;
  http: Server;
  /** Base URL of the listening server, e.g. http://127.0.0.1:41234 */
  url: string;
  env: Env;
  token(login: string, scopes?: Scope[]): Promise<string>;
  flushAudit(): Promise<void>;
  close(): Promise<void>;
}

/** Defaults for tests: demo data, generous limits, no OTP unless a test asks for it (and then a new code whenever asked). */
export const TEST_ENV: Env = {
  SEED_DEMO: 'true',
  OTP_REQUIRED_FOR: 'none',
  OTP_RESEND_SECONDS: '0',
  APPROVAL_REQUIRED_FOR: 'none',
  RATE_LIMIT_READS: '100000',
  RATE_LIMIT_WRITES: '100000',
  DEFAULT_TIMEZONE: 'UTC',
  HOST: '127.0.0.1',
  PORT: '0',
};

/** Starts a server on an ephemeral port over `databaseUrl`. */
export interface StartOptions {
  /** Where the server logs go (default: errors only, to stderr). */
  logger?: LoggerService | LogLevel[];
}

export async function startApp(databaseUrl: string, env: Env = {}, options: StartOptions = {}): Promise<TestApp> {
  const fullEnv: Env = { ...TEST_ENV, DATABASE_URL: databaseUrl, ...env };
  const app = await createHttpApp(fullEnv, { logger: options.logger ?? ['error'] });
  await app.listen(0, '127.0.0.1');
  const http = app.getHttpServer() as Server;
  const { port } = http.address() as AddressInfo;
  return {
    app,
    http,
    url: `http://127.0.0.1:${port}`,
    env: fullEnv,
    token: async (login, scopes = ['mcp', 'api']) => (await app.get(TokensService).create(login, scopes, null)).token,
    flushAudit: () => app.get(AuditService).flush(),
    close: () => app.close(),
  };
}

export interface TestStack extends TestApp {
  db: TestDatabase;
}

/** A fresh database of `kind` and a server on it; close() stops the server and drops the database. */
export async function startStack(kind: DbKind, env: Env = {}, options: StartOptions = {}): Promise<TestStack> {
  const db = await createTestDatabase(kind);
  try {
    const app = await startApp(db.url, env, options);
    return {
      ...app,
      db,
      close: async () => {
        await app.close();
        await db.drop();
      },
    };
  } catch (error) {
    await db.drop();
    throw error;
  }
}
