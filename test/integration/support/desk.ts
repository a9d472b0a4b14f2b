import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Principal } from '../../../src/auth/principal.js';
import { PrincipalLoader } from '../../../src/auth/principal.loader.js';
import { settableFields } from '../../../src/auth/rights.js';
import { createContext } from '../../../src/bootstrap.js';
import { zoneInForce } from '../../../src/dates/dates.js';
import { DeskError } from '../../../src/envelope/desk-error.js';
import { InputParser } from '../../../src/input/input-parser.js';
import { ReferenceResolver } from '../../../src/input/references/reference-resolver.js';
import { type NameScope, nameScopeOf } from '../../../src/input/references/reference-scope.js';
import { SessionsRepository } from '../../../src/session/sessions.repository.js';
import type { Call } from '../../../src/tools/call.js';
import { ToolRegistry } from '../../../src/tools/tool-registry.js';
import { createTestDatabase, type DbKind } from '../../support/databases.js';

/**
 * The application without transports, on an in-memory SQLite database migrated and loaded with the
 * demo data: services and repositories as the pipeline hands them calls. One per test file.
 */
export interface Desk {
  app: INestApplicationContext;
  db: DataSource;
  get<T>(type: abstract new (...args: never[]) => T): T;
  /** The principal of a demo user, as a token of scope mcp would give it. */
  principal(login: string): Promise<Principal>;
  /** What a call of `login` may name, its dates shown in the user's zone (a call without a zone argument). */
  nameScope(login: string): Promise<NameScope | undefined>;
  /** A call of `tool` by `login`, as the transport of `transport` builds it. */
  call(tool: string, login: string, options?: { transport?: 'mcp' | 'rest'; sessionId?: string | null; zoneArgument?: string }): Promise<Call>;
  /** `args` parsed for `call` by the input pipe's parser (names resolved for its caller); throws its VALIDATION_FAILED. */
  input<T extends object>(call: Call, args: Record<string, unknown>): Promise<T>;
  userId(login: string): Promise<number>;
  close(): Promise<void>;
}

export async function openDesk(env: Record<string, string> = {}): Promise<Desk> {
  const app = await createContext(
    { DATABASE_URL: 'sqlite::memory:', SEED_DEMO: 'true', OTP_REQUIRED_FOR: 'none', APPROVAL_REQUIRED_FOR: 'none', DEFAULT_TIMEZONE: 'UTC', ...env },
    false,
  );
  await app.init();
  const db = app.get(DataSource);
  const parser = new InputParser(app.get(ReferenceResolver));
  const userId = async (login: string): Promise<number> => {
    const [row] = (await db.query('SELECT id FROM glpi_users WHERE name = ?', [login])) as Array<{ id: number }>;
    if (!row) throw new Error(`no demo user ${login}`);
    return Number(row.id);
  };
  const principal = async (login: string): Promise<Principal> => {
    const loaded = await app.get(PrincipalLoader).load(await userId(login), null, ['mcp', 'api']);
    if (!loaded) throw new Error(`${login} cannot act`);
    return loaded;
  };
  return {
    app,
    db,
    get: (type) => app.get(type),
    principal,
    async nameScope(login) {
      const caller = await principal(login);
      return nameScopeOf(caller, zoneInForce(undefined, caller.timezone, 'UTC'));
    },
    userId,
    async call(tool, login, options = {}) {
      const policy = app.get(ToolRegistry).policy(tool);
      if (!policy) throw new Error(`no tool ${tool}`);
      const caller = await principal(login);
      const transport = options.transport ?? 'mcp';
      // An MCP call of a domain tool runs in a live session of its domain, as the intent lock lets it
      // run (the write unit reads it again where it commits); a test may name another, or none.
      const opened = options.sessionId === undefined && transport === 'mcp' && policy.domain !== null;
      const sessionId = opened ? (await app.get(SessionsRepository).open(caller.userId, policy.domain!)).id : (options.sessionId ?? null);
      return Object.freeze({
        transport,
        requestId: 'req_integration',
        startedAt: performance.now(),
        tool,
        route: null,
        domain: policy.domain,
        principal: caller,
        policy,
        sessionId,
        zone: zoneInForce(options.zoneArgument, caller.timezone, 'UTC'),
      });
    },
    async input<T extends object>(call: Call, args: Record<string, unknown>): Promise<T> {
      const policy = call.policy;
      if (!policy) throw new Error('a call without a tool takes no tool input');
      // The lock's arguments, which the intent lock checked before the pipe on MCP.
      const sent = call.transport === 'mcp' && policy.domain ? { domain: policy.domain, session_id: call.sessionId ?? 'ses_integration', ...args } : args;
      const result = await parser.parse(policy.input as new () => T, sent, {
        mode: 'json',
        transport: call.transport,
        zone: call.zone,
        scope: nameScopeOf(call.principal, call.zone),
        settable: settableFields(call.principal, policy),
        fields: policy.fields,
      });
      if (!result.ok) throw DeskError.validation(call, result.issues);
      return result.value;
    },
    close: () => app.close(),
  };
}

/** A desk on a database of its own of `kind`, created for it; `close` drops the database too. */
export async function openDeskOn(kind: DbKind): Promise<Desk> {
  const database = await createTestDatabase(kind);
  let desk: Desk;
  try {
    desk = await openDesk({ DATABASE_URL: database.url });
  } catch (error) {
    await database.drop();
    throw error;
  }
  return {
    ...desk,
    close: async () => {
      await desk.close();
      await database.drop();
    },
  };
}

/** What a promise was refused with: a DeskError's code (and the error), or a failure of the test. */
export async function refusal(work: Promise<unknown>): Promise<DeskError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof DeskError) return error;
    throw error;
  }
  throw new Error('expected a refusal, got an answer');
}
