import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Principal } from '../../auth/principal.js';
import { identityOfCall, mintRequestId } from '../../observe/request-id.js';
import { inRequestSpan, step } from '../../observe/tracing.js';
import type { McpClientInfo } from '../../tools/call.js';
import { clientNameOf, urlElicitationOf, urlElicitationRequired } from './client-session.js';
import type { JsonRpcResponse } from './json-rpc.js';
import { McpDispatcher, UnknownToolError } from './mcp-dispatcher.js';
import { unknownTool } from './mcp-methods.js';
import { INSTRUCTIONS, SERVER_INFO } from './mcp-server-info.js';

/**
 * One SDK Server wired to the dispatcher for one caller. `principal` is re-read per request so a
 * revoked token stops a long-lived stdio process too.
 */
// The SDK's low-level Server on purpose: the dispatcher lists and calls the tools; nothing is registered with McpServer.
// eslint-disable-next-line @typescript-eslint/no-deprecated -- the low-level Server, see above
export function createMcpServer(dispatcher: McpDispatcher, principal: () => Promise<Principal>): Server {
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- the low-level Server, see above
  const server = new Server(SERVER_INFO, { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: (await dispatcher.listTools(await principal())) as unknown as Tool[] }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    try {
      const identity = identityOfCall(request.params._meta, mintRequestId);
      const client = clientOfServer(server);
      // No HTTP span on stdio: the request's own span holds the token check and the call.
      const result = await inRequestSpan('stdio tools/call', identity.requestId, identity.traceParent, async () =>
        dispatcher.callTool(await step(undefined, 'auth', principal), request.params.name, request.params.arguments, identity, client),
      );
      const elicitation = client.urlElicitation ? urlElicitationOf(result) : undefined;
      if (elicitation) throw new SentAsIs(urlElicitationRequired(extra.requestId, elicitation));
      return result;
    } catch (error) {
      if (error instanceof UnknownToolError) throw new SentAsIs(unknownTool(extra.requestId, error));
      throw error;
    }
  });
  return server;
}

/** What the client declared at initialize: its name, and whether it takes URL-mode elicitation. */
// eslint-disable-next-line @typescript-eslint/no-deprecated -- the low-level Server, see above
export function clientOfServer(server: Server): McpClientInfo {
  return { name: clientNameOf(server.getClientVersion()?.name), urlElicitation: server.getClientCapabilities()?.elicitation?.url !== undefined };
}

/**
 * A JSON-RPC error the SDK server sends as it is (it reads `code`, `message` and `data` of what a
 * handler throws). Not an McpError: that one's message is "MCP error <code>: <message>", which the
 * SDK would send and the client prefix once more; HTTP sends the bare message.
 */
class SentAsIs extends Error {
  readonly code: number;
  readonly data: unknown;

  constructor(answer: JsonRpcResponse) {
    if (!('error' in answer)) throw new Error('SentAsIs: the answer is no error.');
    super(answer.error.message);
    this.code = answer.error.code;
    this.data = answer.error.data;
  }
}
