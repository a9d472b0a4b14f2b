import { routeNotFoundMessage } from './entry-points.js';

describe('routeNotFoundMessage', () => {
  it.each(['/sse', '/sse/', '/mcp/sse', '/messages', '/message', '/messages?sessionId=abc', '/api/mcp/sse?x=1'])(
    'tells a client of the HTTP+SSE transport (%s) where Streamable HTTP is',
    (path) => {
      expect(routeNotFoundMessage(path)).toMatch(/^No such route: the HTTP\+SSE transport .* POST \/mcp: point the client at that URL\.$/);
    },
  );

  it.each(['/register', '/authorize', '/token?grant_type=x'])('sends an OAuth client that guessed %s to the resource metadata', (path) => {
    expect(routeNotFoundMessage(path)).toContain('GET /.well-known/oauth-protected-resource/mcp');
  });

  it.each(['/', '/api', '/api/ticket', '/ssexyz', '/oauth/token/x', undefined])('names the endpoints for any other path (%s)', (path) => {
    expect(routeNotFoundMessage(path)).toBe('No such route. MCP: POST /mcp. REST: under /api, listed at GET /api/docs (OpenAPI: GET /api/docs-json).');
  });
});
