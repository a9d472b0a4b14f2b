import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Principal } from '../../auth/principal.js';
import { identityOfCall, mintRequestId } from '../../observe/request-id.js';
import { inRequestSpan, step } from '../../observe/tracing.js';
import type { McpClientInfo } from '../../tools/call.js';
import { URL_ELICITATION_REQUIRED, urlElicitationOf } from './client-session.js';
import { McpDispatcher, UnknownToolError } from './mcp-dispatcher.js';
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
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    try {
      const identity = identityOfCall(request.params._meta, mintRequestId);
      const client = clientOfServer(server);
      // No HTTP span on stdio: the request's own span holds the token check and the call.
      const result = await inRequestSpan('stdio tools/call', identity.requestId, identity.traceParent, async () =>
        dispatcher.callTool(await step(undefined, 'auth', principal), request.params.name, request.params.arguments, identity, client),
      );
      const elicitation = client.urlElicitation ? urlElicitationOf(result) : undefined;
      if (elicitation) throw new McpError(URL_ELICITATION_REQUIRED, elicitation.message, { elicitations: [elicitation] });
      return result;
    } catch (error) {
      if (error instanceof UnknownToolError) throw new McpError(ErrorCode.InvalidParams, error.message, { did_you_mean: error.suggestions });
      throw error;
    }
  });
  return server;
}

/** What the client declared at initialize: its name, and whether it takes URL-mode elicitation. */
// eslint-disable-next-line @typescript-eslint/no-deprecated -- the low-level Server, see above
export function clientOfServer(server: Server): McpClientInfo {
  return { name: server.getClientVersion()?.name ?? null, urlElicitation: server.getClientCapabilities()?.elicitation?.url !== undefined };
}
