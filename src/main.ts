import 'reflect-metadata';
import { AppConfig } from './config/app-config.js';
import { ConfigError } from './config/env.schema.js';
import { createContext, createHttpApp } from './bootstrap.js';
import { runStdio } from './mcp/mcp-stdio.js';

async function main(): Promise<void> {
  if (process.argv.includes('--stdio')) {
    const context = await createContext();
    await runStdio(context);
    return;
  }
  const app = await createHttpApp();
  const config = app.get(AppConfig);
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
