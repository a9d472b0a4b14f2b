import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Domain } from '../../src/auth/principal.js';
import type { Envelope, ErrorBody, ErrorEnvelope, SuccessEnvelope } from '../../src/envelope/envelope.js';

/** The repository root (where dist/ lives), whatever the current directory is. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The built entry point `npm test` produces before running jest. */
export const MAIN_JS = fileURLToPath(new URL('../../dist/src/main.js', import.meta.url));

const CLIENT_INFO = { name: 'intentdesk-e2e', version: '0.0.0' };

/** The real SDK client over Streamable HTTP on `${baseUrl}/mcp`, authenticated with `token`. */
export async function connectHttp(
  baseUrl: string,
  token: string,
  headers: Record<string, string> = {},
  clientInfo: { name: string; version: string } = CLIENT_INFO,
): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${token}`, ...headers } },
  });
  const client = new Client(clientInfo);
  await client.connect(transport);
  return client;
}

export interface StdioConnection {
  client: Client;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  close(): Promise<void>;
}

/** The environment a stdio server process gets: only what it needs (no inherited NODE_OPTIONS). */
export function stdioEnv(databaseUrl: string, token: string | undefined, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'true',
    OTP_REQUIRED_FOR: 'none',
    APPROVAL_REQUIRED_FOR: 'none',
    ...(token === undefined ? {} : { MCP_TOKEN: token }),
    ...extra,
  };
}

/** Spawns `node dist/src/main.js --stdio` and connects the real SDK client to it. */
export async function connectStdio(databaseUrl: string, token: string, extra: Record<string, string> = {}): Promise<StdioConnection> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [MAIN_JS, '--stdio'],
    cwd: REPO_ROOT,
    env: stdioEnv(databaseUrl, token, extra),
    stderr: 'pipe',
  });
  let stderr = '';
  // Piped stderr must be drained, or a chatty server would block on a full pipe.
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const client = new Client(CLIENT_INFO);
  try {
    await client.connect(transport);
  } catch (error) {
    await transport.close().catch(() => undefined);
    throw new Error(`stdio server did not start: ${(error as Error).message}\n${stderr}`, { cause: error });
  }
  return { client, stderr: () => stderr, close: () => client.close() };
}

export interface ToolCall {
  envelope: Envelope;
  isError: boolean;
  /** The text content of the result (the JSON copy of the envelope). */
  text: string | undefined;
  result: CallToolResult;
}

/** Calls `name` and returns the envelope (structuredContent) and isError. Protocol errors reject. */
export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}): Promise<ToolCall> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const first = result.content[0];
  return {
    envelope: result.structuredContent as unknown as Envelope,
    isError: result.isError === true,
    text: first?.type === 'text' ? first.text : undefined,
    result,
  };
}

/** Asserts the call succeeded and returns its envelope. */
export function success(call: ToolCall): SuccessEnvelope {
  if (call.isError || call.envelope.status !== 'success') {
    throw new Error(`expected success, got ${JSON.stringify(call.envelope)}`);
  }
  return call.envelope;
}

/** Asserts the call failed with `code` and returns the envelope (its `error` is the ErrorBody). */
export function failure(call: ToolCall, code: ErrorBody['code']): ErrorEnvelope {
  if (!call.isError || call.envelope.status !== 'error' || call.envelope.error.code !== code) {
    throw new Error(`expected error ${code}, got ${JSON.stringify(call.envelope)}`);
  }
  return call.envelope;
}

/** Opens a session locked to `domain` with domain_switch and returns its session_id. */
export async function openSession(client: Client, domain: Domain): Promise<string> {
  const envelope = success(await callTool(client, 'domain_switch', { domain }));
  const data = envelope.data as { session_id?: unknown } | undefined;
  if (typeof data?.session_id !== 'string') throw new Error(`domain_switch returned no session_id: ${JSON.stringify(envelope)}`);
  return data.session_id;
}

/** Names of the items of a search envelope. */
export function itemNames(envelope: SuccessEnvelope): string[] {
  const data = envelope.data as { items?: Array<{ name?: unknown }> } | undefined;
  return (data?.items ?? []).map((item) => String(item.name));
}
