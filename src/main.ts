import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { MCP_TOKEN_COMMAND } from './auth/token-howto.js';
import { closeGracefully, createContext, createHttpApp } from './bootstrap.js';
import { AppConfig } from './config/app-config.js';
import { ConfigError } from './config/env.schema.js';

/** Extra time, past the grace period, for the audit flush and pool close before the process gives up. */
const CLOSE_MARGIN_MS = 15_000;

/**
 * SIGTERM / SIGINT: stop accepting, finish in-flight requests (SHUTDOWN_GRACE_MS), close keep-alive
 * connections, flush the audit log, close the pool, exit 0. A second signal exits at once.
 */
function stopOnSignals(app: INestApplication, graceMs: number): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) {
      process.stderr.write(`intentdesk: ${signal} again; exiting now\n`);
      process.exit(1);
    }
    stopping = true;
    process.stderr.write(`intentdesk: ${signal} received; finishing in-flight requests (up to ${graceMs} ms)\n`);
    setTimeout(() => {
      process.stderr.write('intentdesk: shutdown did not complete in time; exiting\n');
      process.exit(1);
    }, graceMs + CLOSE_MARGIN_MS).unref();
    closeGracefully(app, graceMs).then(
      (report) => {
        const cut = report.cutOff ? `; ${report.cutOff} request(s) cut off at the deadline` : '';
        process.stderr.write(`intentdesk: stopped in ${report.durationMs} ms${cut}\n`);
        process.exit(0);
      },
      (error: unknown) => {
        process.stderr.write(`intentdesk: error during shutdown: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

async function main(): Promise<void> {
  if (process.argv.includes('--stdio')) {
    // Refuse before touching the database: a misconfigured client must not migrate or seed anything.
    if (!process.env.MCP_TOKEN) {
      process.stderr.write(`intentdesk: MCP_TOKEN is required for --stdio (create one with: ${MCP_TOKEN_COMMAND})\n`);
      process.exit(1);
    }
    const context = await createContext();
    // Loaded only here: the SDK (schemas, transport) is not needed to serve HTTP.
    const { runStdio } = await import('./transports/mcp/mcp-stdio.js');
    await runStdio(context);
    return;
  }
  const app = await createHttpApp();
  const config = app.get(AppConfig);
  stopOnSignals(app, config.shutdownGraceMs);
  await app.listen(config.port, config.host);
  process.stderr.write(`intentdesk listening on http://${config.host}:${config.port} (MCP: POST /mcp, REST: /api, docs: /api/docs)\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`intentdesk: ${error.message}\n`);
  } else {
    process.stderr.write(`intentdesk failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  }
  process.exit(1);
});
