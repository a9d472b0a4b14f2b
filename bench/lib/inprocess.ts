import { importDist, importRoot } from './paths.js';
import { openSession, productEnv } from './product.js';

/**
 * The product in this process: createHttpApp from dist (listening on an ephemeral port), a token and
 * a ticket session, direct access to ReferenceResolver and the DataSource, and a way to see every
 * SQL statement a call runs (the driver's QueryRunner.query is wrapped while capturing).
 */

export interface Captured {
  sql: string;
  params: unknown[];
}

export interface AppHandle {
  url: string;
  token: string;
  sessionId: string;
  resolve(kind: string, input: string): Promise<{ ok: boolean }>;
  capture<T>(fn: () => Promise<T>): Promise<{ value: T; statements: Captured[] }>;
  query(sql: string, params: unknown[]): Promise<unknown[]>;
  /** The product's planner-statistics refresh (SQLite: `PRAGMA optimize` as its schedule runs it); true when it ran. */
  refreshPlannerStatistics(): Promise<boolean>;
  close(): Promise<void>;
}


export async function startApp(databaseUrl: string, env: Record<string, string> = {}): Promise<AppHandle> {
  await importRoot('reflect-metadata');
  const { createHttpApp } = await importDist<{ createHttpApp: (env: Record<string, string | undefined>, o: { logger: string[] }) => Promise<NestApp> }>('bootstrap.js');
  const { TokensService } = await importDist<{ TokensService: Ctor }>('auth/tokens.service.js');
  const { AuthService } = await importDist<{ AuthService: Ctor }>('auth/auth.service.js');
  const { ReferenceResolver } = await importDist<{ ReferenceResolver: Ctor }>('input/references/reference-resolver.js');
  const { nameScopeOf } = await importDist<{ nameScopeOf: (principal: unknown) => unknown }>('input/references/reference-scope.js');
  const { PlannerStatistics } = await importDist<{ PlannerStatistics: Ctor }>('database/planner-statistics.js');
  const { DataSource } = await importRoot<{ DataSource: Ctor }>('typeorm');
  const app = await createHttpApp(
    productEnv(databaseUrl, 0, env),
    { logger: ['error'] },
  );
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as { port: number };
  const url = `http://127.0.0.1:${port}`;
  const tokens = app.get(TokensService) as { create(login: string, scopes: string[], exp: null): Promise<{ token: string }> };
  const { token } = await tokens.create('glpi', ['mcp', 'api'], null);
  const principal = (await (app.get(AuthService) as { authenticate(h: string, s: string): Promise<{ scope: unknown }> }).authenticate(`Bearer ${token}`, 'mcp')) as {
    scope: unknown;
  };
  const resolver = app.get(ReferenceResolver) as { resolve(kind: string, field: string, input: unknown, scope: unknown): Promise<{ ok: boolean }> };
  const dataSource = app.get(DataSource) as { query(sql: string, params?: unknown[]): Promise<unknown[]>; createQueryRunner(): { query: unknown; release(): Promise<void> } };

  // What a call runs, seen where the database runs it: on SQLite every statement (TypeORM's and the
  // product's direct reads on the driver's connection alike) is a better-sqlite3 Statement; on
  // MySQL/MariaDB every statement goes through the driver's QueryRunner.query.
  let sink: Captured[] | null = null;
  const restore = capturingStatements(dataSource, (sql, params) => sink?.push({ sql, params }));

  return {
    url,
    token,
    sessionId: await openSession(url, token, 'ticket'),
    // The resolver takes the caller's name scope (entities and the domains it may read).
    resolve: (kind, input) => resolver.resolve(kind, 'bench', input, nameScopeOf(principal)),
    async capture(fn) {
      sink = [];
      try {
        const value = await fn();
        return { value, statements: sink };
      } finally {
        sink = null;
      }
    },
    query: (sql, params) => dataSource.query(sql, params),
    refreshPlannerStatistics: () => (app.get(PlannerStatistics) as { refresh(): Promise<boolean> }).refresh(),
    close: async () => {
      restore();
      await app.close();
    },
  };
}

type Ctor = abstract new (...args: never[]) => unknown;
interface NestApp {
  listen(port: number, host: string): Promise<unknown>;
  getHttpServer(): { address(): unknown };
  get(token: unknown): unknown;
  close(): Promise<void>;
}

type StatementRunner = (this: { source: string }, ...params: unknown[]) => unknown;

/** Calls `seen` with each statement the data source runs; returns what undoes it. */
function capturingStatements(
  dataSource: { options?: { type?: string }; driver?: unknown; createQueryRunner(): { query: unknown; release(): Promise<void> } },
  seen: (sql: string, params: unknown[]) => void,
): () => void {
  const connection = (dataSource.driver as { databaseConnection?: { prepare(sql: string): object } } | undefined)?.databaseConnection;
  if (dataSource.options?.type === 'better-sqlite3' && connection) {
    const proto = Object.getPrototypeOf(connection.prepare('SELECT 1')) as Record<string, StatementRunner>;
    const originals = (['all', 'get', 'run', 'iterate'] as const).map((name) => [name, proto[name]] as const);
    for (const [name, original] of originals) {
      proto[name] = function (this: { source: string }, ...params: unknown[]) {
        seen(this.source, params);
        return original.apply(this, params);
      };
    }
    return () => {
      for (const [name, original] of originals) proto[name] = original;
    };
  }
  const runner = dataSource.createQueryRunner();
  const proto = Object.getPrototypeOf(runner) as { query: (this: unknown, sql: string, params?: unknown[], ...rest: unknown[]) => Promise<unknown> };
  const original = proto.query;
  proto.query = function (this: unknown, sql: string, params?: unknown[], ...rest: unknown[]) {
    seen(sql, params ?? []);
    return original.call(this, sql, params, ...rest);
  };
  void runner.release();
  return () => {
    proto.query = original;
  };
}
