import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Principal } from '../../auth/principal.js';
import { URL_ELICITATION_REQUIRED, urlElicitationOf } from './client-session.js';
import { McpDispatcher, UnknownToolError } from './mcp-dispatcher.js';

export const SERVER_INFO = { name: 'intentdesk', version: '0.1.0' };

export const INSTRUCTIONS = [
  'intentdesk: service desk (projects, tickets, users).',
  'Start with domain_switch {"domain": "project"|"ticket"|"user"}; pass the returned session_id and the same domain to every tool of that domain.',
  "A tool of another domain is refused with the domain_switch call to make: switch only when the user's intent changed.",
  'Fields ending in _id take ids or names; enums take codes or English/Portuguese labels; dates take YYYY-MM-DD, YYYY-MM-DD HH:MM:SS or ISO-8601 (without offset: the timezone argument, else your zone).',
  'Errors list every problem at once with did_you_mean / available / expected: fix all and retry once. next_call names the call to make first.',
  'Writes: dry_run=true previews "applied" without writing; idempotency_key makes a retry return the first result; they may need a verified session: auth_request_otp, then auth_verify_otp with the code the user gives you.',
  'Some writes need the user to approve the exact call on a web page: APPROVAL_REQUIRED gives approval_url (show it to the user) and next_call (make it once the user approved; any change to the arguments needs a new approval).',
  'Searches: limit (max 100), cursor = next_cursor of the previous page, fields = output fields to keep. RATE_LIMITED and UNAVAILABLE carry retry_after_seconds.',
].join('\n');

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
      const capabilities = server.getClientCapabilities();
      const client = { name: server.getClientVersion()?.name ?? null, urlElicitation: capabilities?.elicitation?.url !== undefined };
      const result = await dispatcher.callTool(await principal(), request.params.name, request.params.arguments, client);
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
