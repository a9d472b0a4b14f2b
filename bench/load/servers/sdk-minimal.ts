import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { openTicketReader, ready, requiredEnv, rootRequire, ticketEnvelope, toolResult } from './ticket-row.js';

/**
 * Baseline (b): the product's own @modelcontextprotocol/sdk 1.x and nothing else, stateless the way
 * the SDK documents it: a new McpServer and StreamableHTTPServerTransport per request, JSON answers.
 */
const port = Number(requiredEnv('PORT'));
const read = openTicketReader(requiredEnv('BENCH_SQLITE'));

const fromRoot = async <T>(specifier: string): Promise<T> => (await import(pathToFileURL(rootRequire.resolve(specifier)).href)) as T;
const { McpServer } = await fromRoot<typeof import('@modelcontextprotocol/sdk/server/mcp.js')>('@modelcontextprotocol/sdk/server/mcp.js');
const { StreamableHTTPServerTransport } = await fromRoot<typeof import('@modelcontextprotocol/sdk/server/streamableHttp.js')>(
  '@modelcontextprotocol/sdk/server/streamableHttp.js',
);
const { z } = await fromRoot<typeof import('zod')>('zod');
const sdkVersion = process.env.BENCH_SDK_VERSION ?? 'unknown';

function buildServer(): InstanceType<typeof McpServer> {
  const server = new McpServer({ name: 'bench-sdk-minimal', version: sdkVersion });
  server.registerTool(
    'ticket_get',
    { description: 'Returns one ticket by id.', inputSchema: { id: z.number().int().positive() } },
    async ({ id }) => toolResult(ticketEnvelope(id, read(id))) as never,
  );
  return server;
}

const http = createServer(async (req, res) => {
  if (req.method !== 'POST' || req.url !== '/mcp') {
    res.writeHead(404).end();
    return;
  }
  try {
    const server = buildServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res);
  } catch (error) {
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32603, message: String(error) } }));
  }
});
http.keepAliveTimeout = 65_000;
http.listen(port, '127.0.0.1', () => ready(`sdk-minimal (sdk ${sdkVersion})`, port));
