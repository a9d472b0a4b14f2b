import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuthService } from '../../auth/auth.service.js';
import { MCP_TOKEN_COMMAND } from '../../auth/token-howto.js';
import { AppConfig, databaseLabel } from '../../config/app-config.js';
import { servingCalls } from '../../database/write-permit.js';
import { DeskError } from '../../envelope/desk-error.js';
import { processLine } from '../../observe/process-line.js';
import { stderrLinesWritten } from '../../observe/stderr-lines.js';
import { McpDispatcher } from './mcp-dispatcher.js';
import { McpMethods } from './mcp-methods.js';
import { clientOfServer, createMcpServer } from './mcp-server.factory.js';
import { serveStdio } from './mcp-stdio-eras.js';
import { StdioLinesTransport } from './stdio-lines.js';

/** MCP over stdio, acting as the user of MCP_TOKEN. Protocol only on stdout; logs on stderr. */
export async function runStdio(context: INestApplicationContext): Promise<void> {
  await context.init();
  const config = context.get(AppConfig);
  const auth = context.get(AuthService);
  if (!config.mcpToken) {
    processLine('fatal', `MCP_TOKEN is required for --stdio (create one with: ${MCP_TOKEN_COMMAND})`);
    await context.close();
    await exitOnceLogged(1);
  }
  const header = `Bearer ${config.mcpToken}`;
  try {
    await auth.authenticate(header, 'mcp');
  } catch (error) {
    // A token belongs to the database it was made in: name the one searched, and how to make one there.
    processLine(
      'fatal',
      `MCP_TOKEN rejected: ${error instanceof DeskError ? error.message : 'unknown error'} (database ${databaseLabel(config.database)}). ` +
        `Create a token in this database (same DATABASE_URL) with: ${MCP_TOKEN_COMMAND}`,
    );
    await context.close();
    await exitOnceLogged(1);
  }
  const principal = () => auth.authenticate(header, 'mcp');
  // Migrated and seeded: from now on its domain tables change only inside the write unit.
  servingCalls(context.get(DataSource));
  const server = createMcpServer(context.get(McpDispatcher), principal);
  const transport = new StdioLinesTransport();
  const shutdown = once(async (): Promise<void> => {
    // server.close() closes the transport, whose onclose lands here again: once() makes that a no-op.
    await server.close().catch(() => undefined);
    try {
      await context.close(); // flushes the audit log, closes the pool
    } catch (error) {
      processLine('error', `error during shutdown: ${error instanceof Error ? error.message : String(error)}`);
      await exitOnceLogged(1);
    }
    await exitOnceLogged(0);
  });
  transport.onclose = shutdown;
  process.stdin.on('end', shutdown);
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  await server.connect(transport);
  serveStdio(transport, context.get(McpMethods), principal, () => clientOfServer(server));
}

/** Exits with `code` once the JSON log lines are on stderr, waited for without blocking (the exit would wait for them too, blocked). */
async function exitOnceLogged(code: number): Promise<never> {
  await stderrLinesWritten();
  process.exit(code);
}

/**
 * `run` on the first call only; later calls do nothing. The stdio shutdown has four triggers (stdin
 * ends, the transport closes, SIGTERM, SIGINT) and closing the server fires one of them itself.
 */
function once(run: () => Promise<void>): () => void {
  let started = false;
  return () => {
    if (started) return;
    started = true;
    void run();
  };
}
