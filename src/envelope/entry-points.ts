/**
 * The paths a client finds this server at, in one place: the endpoints are served there, and a
 * request for a path that is none of them is told where they are (routeNotFoundMessage).
 */
export const MCP_PATH = '/mcp';
export const DOCS_PATH = '/api/docs';
export const DOCS_JSON_PATH = '/api/docs-json';
/** RFC 9728: a resource's metadata; the MCP endpoint's sits at this path plus MCP_PATH. */
export const PROTECTED_RESOURCE_METADATA = '/.well-known/oauth-protected-resource';

/** The root paths an OAuth client tries on a server whose metadata it did not read. */
const OAUTH_GUESSES: ReadonlySet<string> = new Set(['/register', '/authorize', '/token']);
/** The older HTTP+SSE transport of MCP (2024-11-05): a stream opened by GET /sse, messages sent to POST /messages. */
const SSE_TRANSPORT_PATH = /\/(?:sse|messages?)\/?$/;

const ENDPOINTS = `MCP: POST ${MCP_PATH}. REST: under /api, listed at GET ${DOCS_PATH} (OpenAPI: GET ${DOCS_JSON_PATH}).`;

/**
 * What a request for no route is told, by its path (the query string aside): the endpoints, and
 * for the paths a client of another transport or of OAuth would try, what to do instead.
 */
export function routeNotFoundMessage(path: string | undefined): string {
  const bare = path?.split('?')[0] ?? '';
  if (SSE_TRANSPORT_PATH.test(bare)) {
    return `No such route: the HTTP+SSE transport of MCP 2024-11-05 (GET /sse, POST /messages) is not served here. MCP is served over Streamable HTTP at POST ${MCP_PATH}: point the client at that URL.`;
  }
  if (OAUTH_GUESSES.has(bare)) {
    return `No such route. OAuth clients find the authorization server at GET ${PROTECTED_RESOURCE_METADATA}${MCP_PATH} (RFC 9728); the MCP endpoint's 401 names it too.`;
  }
  return `No such route. ${ENDPOINTS}`;
}
