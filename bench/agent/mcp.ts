import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Args = Record<string, unknown>;

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  description?: string;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
}

/** What a model sees of a tool in tools/list. */
export interface ToolInfo {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  readOnly: boolean;
}

/** One tools/call as the agent reads it: the result object (structuredContent, else the JSON in the text) and the text. */
export interface Reply {
  ok: boolean;
  body: Record<string, any> | undefined;
  text: string;
}

/** An MCP client over Streamable HTTP that counts every tools/call. */
export class McpConnection {
  calls = 0;

  private constructor(
    private readonly client: Client,
    readonly tools: Map<string, ToolInfo>,
  ) {}

  static async connect(url: string, token?: string): Promise<McpConnection> {
    const transport = new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: token ? { Authorization: `Bearer ${token}` } : {} },
    });
    const client = new Client({ name: 'agent-bench', version: '1.0.0' });
    await client.connect(transport);
    const listed = await client.listTools();
    const tools = new Map<string, ToolInfo>();
    for (const t of listed.tools) {
      tools.set(t.name, {
        name: t.name,
        description: t.description ?? '',
        inputSchema: t.inputSchema as JsonSchema,
        readOnly: t.annotations?.readOnlyHint === true || /_(list|search|get)$/.test(t.name),
      });
    }
    return new McpConnection(client, tools);
  }

  async call(name: string, args: Args): Promise<Reply> {
    this.calls++;
    try {
      const result = (await this.client.callTool({ name, arguments: args })) as {
        isError?: boolean;
        structuredContent?: Record<string, any>;
        content?: Array<{ type: string; text?: string }>;
      };
      const text = (result.content ?? []).filter((c) => c.type === 'text').map((c) => c.text ?? '').join('\n');
      let body = result.structuredContent;
      if (!body) {
        try {
          const parsed = JSON.parse(text);
          if (parsed && typeof parsed === 'object') body = parsed;
        } catch {
          body = undefined;
        }
      }
      return { ok: result.isError !== true, body, text };
    } catch (error) {
      // Protocol errors (unknown tool, bad JSON-RPC) reach the model as an error text too.
      return { ok: false, body: undefined, text: error instanceof Error ? error.message : String(error) };
    }
  }

  async close(): Promise<void> {
    await this.client.close().catch(() => undefined);
  }
}

/** The items of a list/search result, wherever the server put them. */
export function itemsOf(body: unknown): Array<Record<string, any>> {
  if (Array.isArray(body)) return body as Array<Record<string, any>>;
  if (!body || typeof body !== 'object') return [];
  const b = body as Record<string, any>;
  for (const candidate of [b.items, b.data?.items, b.data, b.results, b.rows]) {
    if (Array.isArray(candidate)) return candidate;
  }
  return [];
}

/** The record of a get/create result, wherever the server put it. */
export function recordOf(body: unknown): Record<string, any> | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Record<string, any>;
  if (b.data && typeof b.data === 'object' && !Array.isArray(b.data)) return b.data;
  if (b.item && typeof b.item === 'object') return b.item;
  return b;
}

/** A value as a plain scalar: `{ id, name }` references and enums become their id. */
export function scalar(value: unknown): unknown {
  if (value && typeof value === 'object' && 'id' in (value as object)) return (value as { id: unknown }).id;
  return value;
}
