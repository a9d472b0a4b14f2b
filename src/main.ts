import 'reflect-metadata';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { MCP_TOKEN_COMMAND } from './auth/token-howto.js';
import type { ShutdownReport } from './bootstrap.js';
import { type AppConfig, databaseLabel } from './config/app-config.js';
import { ConfigError, loadConfig } from './config/env.schema.js';
import { processLine } from './observe/process-line.js';

/** Extra time, past the grace period, for the audit flush and pool close before the process gives up. */
const CLOSE_MARGIN_MS = 15_000;

/**
 * SIGTERM / SIGINT: stop accepting, finish in-flight requests (SHUTDOWN_GRACE_MS), close keep-alive
 * connections, flush the audit log, close the pool, exit 0. A second signal exits at once.
 */
function stopOnSignals(app: INestApplication, graceMs: number, closeGracefully: (app: INestApplication, graceMs: number) => Promise<ShutdownReport>): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) {
      processLine('warn', `${signal} again; exiting now`);
      process.exit(1);
    }
    stopping = true;
    processLine('info', `${signal} received; finishing in-flight requests (up to ${graceMs} ms)`);
    setTimeout(() => {
      processLine('error', 'shutdown did not complete in time; exiting');
      process.exit(1);
    }, graceMs + CLOSE_MARGIN_MS).unref();
    closeGracefully(app, graceMs).then(
      (report) => {
        const cut = report.cutOff ? `; ${report.cutOff} request(s) cut off at the deadline` : '';
        processLine('info', `stopped in ${report.durationMs} ms${cut}`);
        process.exit(0);
      },
      (error: unknown) => {
        processLine('error', `error during shutdown: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/**
 * Tracing on (OTEL_EXPORTER_OTLP_ENDPOINT): the SDK starts before the application's modules are
 * imported, for its instrumentations to patch them as they load. Off, nothing of it is loaded.
 */
async function startTracingFirst(config: AppConfig): Promise<void> {
  if (!config.otelEndpoint) return;
  const { startInstrumentation } = await import('./observe/instrumentation.js');
  await startInstrumentation(config.otelEndpoint, process.env.OTEL_SERVICE_NAME || 'intentdesk');
}

/** The database of this start, once the configuration is read: a failure to start names it. */
let database: string | undefined;
/** What the fatal line says failed, once start-up is past the database (binding the port). */
let failing: string | undefined;

async function main(): Promise<void> {
  // Parsed once, here: tracing must start before the application's modules load, and they get the same object.
  const config = loadConfig(process.env);
  database = databaseLabel(config.database);
  await startTracingFirst(config);
  const { closeGracefully, createContext, createHttpApp } = await import('./bootstrap.js');
  if (process.argv.includes('--stdio')) {
    // Refuse before touching the database: a misconfigured client must not migrate or seed anything.
    if (!process.env.MCP_TOKEN) {
      processLine('fatal', `MCP_TOKEN is required for --stdio (create one with: ${MCP_TOKEN_COMMAND})`);
      process.exit(1);
    }
    const context = await createContext(config);
    // Loaded only here: the SDK (schemas, transport) is not needed to serve HTTP.
    const { runStdio } = await import('./transports/mcp/mcp-stdio.js');
    await runStdio(context);
    return;
  }
  const app = await createHttpApp(config);
  stopOnSignals(app, config.shutdownGraceMs, closeGracefully);
  // From here a failure is the listening socket's, not the database's.
  failing = `failed to listen on ${config.host}:${config.port} (check HOST and PORT)`;
  await app.listen(config.port, config.host);
  // The port bound (PORT=0 asks the system for one).
  const { port } = (app.getHttpServer() as Server).address() as AddressInfo;
  processLine('info', `listening on http://${config.host}:${port} (MCP: POST /mcp, REST: /api, docs: /api/docs)`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    processLine('fatal', error.message);
  } else {
    const what = failing ?? `failed to start${database ? ` (database ${database}; check DATABASE_URL)` : ''}`;
    processLine('fatal', `${what}: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exit(1);
});
