import { DATABASES } from './support/databases.js';
import { pkce } from './support/oauth-flow.js';
import { type RawAnswer, rawRequest } from './support/raw-http.js';
import { startStack, type TestStack } from './support/test-app.js';

const PUBLIC_URL = 'https://desk.example.com';
const REDIRECT = 'http://127.0.0.1:9/callback';
/** What a client (or someone between it and the server) can claim about the address it used. */
const FORGED = { Host: 'evil.example.com', 'X-Forwarded-Host': 'evil.example.com', 'X-Forwarded-Proto': 'http' } as const;
/** Where the authorization server's metadata is asked for. */
const SERVER_METADATA = [
  '/.well-known/oauth-authorization-server/oauth',
  '/.well-known/oauth-authorization-server',
  '/.well-known/openid-configuration/oauth',
  '/oauth/.well-known/openid-configuration',
];
const RESOURCE_METADATA = ['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource'];

/** Every string in `value` that is an absolute URL, with where it sits (`a.b[0]`); the client's own redirect URIs left out. */
function urlsIn(value: unknown, at = ''): Array<[string, string]> {
  if (typeof value === 'string') return /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? [[at, value]] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => urlsIn(item, `${at}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => (key === 'redirect_uris' ? [] : urlsIn(item, at ? `${at}.${key}` : key)));
  }
  return [];
}

/** The URLs of an answer that do not start with `base` (none expected), with where they sit. */
function foreign(answer: RawAnswer, base: string): Array<[string, string]> {
  return urlsIn(answer.json).filter(([, url]) => !url.startsWith(`${base}/`));
}

/**
 * Every URL the server writes about itself — both metadata documents, a registration's answer, the
 * authorization endpoint's redirect, the MCP endpoint's challenge — starts with PUBLIC_URL, or
 * without it with the address the server listens on: never the request's Host or X-Forwarded-*,
 * even from a trusted proxy.
 */
describe.each(DATABASES)('OAuth addresses on %s', (kind) => {
  describe.each([
    ['with PUBLIC_URL, behind a trusted proxy', { PUBLIC_URL, TRUSTED_PROXIES: '127.0.0.1' }],
    ['without PUBLIC_URL', {}],
  ])('%s', (_name, env: Record<string, string>) => {
    let stack: TestStack;
    let base: string;

    beforeAll(async () => {
      stack = await startStack(kind, env);
      base = env.PUBLIC_URL ?? stack.url;
    });
    afterAll(async () => stack?.close());

    it('names only its own address in both metadata documents, whatever Host and X-Forwarded-* say', async () => {
      for (const path of [...SERVER_METADATA, ...RESOURCE_METADATA]) {
        for (const headers of [FORGED, { ...FORGED, 'X-Forwarded-Proto': 'https' }]) {
          const answer = await rawRequest(stack.url + path, { headers });
          expect({ path, status: answer.status }).toEqual({ path, status: 200 });
          expect({ path, foreign: foreign(answer, base) }).toEqual({ path, foreign: [] });
          expect(urlsIn(answer.json).length).toBeGreaterThan(1);
        }
      }
      const server = (await rawRequest(stack.url + SERVER_METADATA[0], { headers: FORGED })).json as Record<string, unknown>;
      expect(server).toEqual(expect.objectContaining({ issuer: `${base}/oauth`, token_endpoint: `${base}/oauth/token`, jwks_uri: `${base}/oauth/jwks` }));
    });

    it('names only its own address in a registration answer and in the redirect of an authorization request', async () => {
      const registered = await rawRequest(`${stack.url}/oauth/register`, {
        method: 'POST',
        headers: { ...FORGED, 'Content-Type': 'application/json' },
        body: JSON.stringify({ redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'] }),
      });
      expect(registered.status).toBe(201);
      expect(foreign(registered, base)).toEqual([]);
      const clientId = (registered.json as { client_id: string }).client_id;

      const authorize = new URL(`${stack.url}/oauth/authorize`);
      const query = { response_type: 'code', client_id: clientId, redirect_uri: REDIRECT, code_challenge: pkce().challenge, code_challenge_method: 'S256' };
      for (const [key, value] of Object.entries({ ...query, resource: `${base}/mcp` })) authorize.searchParams.set(key, value);
      const redirected = await rawRequest(authorize.href, { headers: FORGED });
      expect(redirected.status).toBe(303);
      expect(new URL(redirected.headers.location!, `${base}/`).origin).toBe(new URL(base).origin);
    });

    it('points an unauthenticated MCP client at its own resource metadata', async () => {
      const answer = await rawRequest(`${stack.url}/mcp`, { method: 'POST', headers: { ...FORGED, 'Content-Type': 'application/json' }, body: '{}' });
      expect(answer.status).toBe(401);
      expect(answer.headers['www-authenticate']).toContain(`resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`);
    });
  });
});
