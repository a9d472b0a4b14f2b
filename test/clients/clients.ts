import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** This folder: its node_modules hold the clients (npm install --prefix test/clients). */
export const CLIENTS_DIR = fileURLToPath(new URL('./', import.meta.url));

/** The Inspector's own launcher (`npx @modelcontextprotocol/inspector` runs this file). */
const INSPECTOR = join(CLIENTS_DIR, 'node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js');
/** mcp-remote's stdio-to-HTTP bridge (`npx mcp-remote <url>`). */
export const MCP_REMOTE = join(CLIENTS_DIR, 'node_modules/mcp-remote/dist/proxy.js');

/**
 * A home folder of its own: clients keep catalogs, OAuth stores and keys under HOME, and must not
 * read or write the user's.
 */
export function scratchHome(): string {
  return mkdtempSync(join(tmpdir(), 'intentdesk-client-home-'));
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** One `mcp-inspector --cli …` run (one method per run, as the CLI works); never throws on exit codes. */
export function inspectorCli(args: string[], home: string): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [INSPECTOR, '--cli', '--format', 'json', '--stored-auth-only', ...args],
      { env: { PATH: process.env.PATH ?? '', HOME: home, NO_COLOR: '1' }, timeout: 60_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') reject(new Error(`inspector did not run: ${error.message}\n${stderr}`));
        else resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
      },
    );
  });
}

/** The `{ "result": … }` line the Inspector CLI prints with --format json. */
export function inspectorResult<T>(run: CliRun): T {
  if (run.code !== 0) throw new Error(`inspector exited ${run.code}:\n${run.stderr.slice(-2000)}`);
  return (JSON.parse(run.stdout) as { result: T }).result;
}
