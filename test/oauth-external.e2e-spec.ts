import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { DATABASES } from './support/databases.js';
import { mcpPost } from './support/oauth-flow.js';
import { startStack, type TestStack } from './support/test-app.js';

const PUBLIC_URL = 'https://desk.example.com';

/** A stand-in for an external authorization server (Keycloak, say): its metadata and its keys. */
async function startIssuer(publicKey: JWK): Promise<{ server: Server; issuer: string }> {
  const server = createServer((req, res) => {
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/realms/desk`;
    const body =
      req.url === '/.well-known/oauth-authorization-server/realms/desk'
        ? { issuer, jwks_uri: `${issuer}/certs`, authorization_endpoint: `${issuer}/auth`, token_endpoint: `${issuer}/token` }
        : req.url === '/realms/desk/certs'
          ? { keys: [publicKey] }
          : undefined;
    res.writeHead(body ? 200 : 404, { 'Content-Type': 'application/json' }).end(JSON.stringify(body ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, issuer: `http://127.0.0.1:${(server.address() as AddressInfo).port}/realms/desk` };
}

/**
 * OAUTH_ISSUER: tokens of an external authorization server, checked by its JWKS, issuer, audience
 * (this server's resource) and lifetime; the built-in authorization server is off.
 */
describe.each(DATABASES)('an external OAuth issuer on %s', (kind) => {
  let stack: TestStack;
  let external: { server: Server; issuer: string };
  let sign: (claims: Record<string, unknown>, options?: { issuer?: string; audience?: string; expiresIn?: string }) => Promise<string>;

  beforeAll(async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    external = await startIssuer({ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' });
    sign = (claims, options = {}) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
        .setIssuer(options.issuer ?? external.issuer)
        .setAudience(options.audience ?? `${PUBLIC_URL}/mcp`)
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? '5m')
        .sign(privateKey);
    stack = await startStack(kind, { OAUTH_ISSUER: external.issuer, PUBLIC_URL });
  });
  afterAll(async () => {
    await stack?.close();
    external?.server.close();
  });

  const toolNames = async (token: string) => {
    const res = await mcpPost(stack.url, token, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    return { status: res.status, names: res.ok ? ((await res.json()) as { result: { tools: Array<{ name: string }> } }).result.tools.map((t) => t.name) : [] };
  };

  it('names the external issuer in its resource metadata and serves no authorization server of its own', async () => {
    const metadata = await (await fetch(`${stack.url}/.well-known/oauth-protected-resource/mcp`)).json();
    expect(metadata).toEqual(expect.objectContaining({ resource: `${PUBLIC_URL}/mcp`, authorization_servers: [external.issuer] }));
    expect((await fetch(`${stack.url}/oauth/register`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${stack.url}/.well-known/oauth-authorization-server`)).status).toBe(404);
  });

  it('accepts its token for this resource, with the scope it carries', async () => {
    const full = await toolNames(await sign({ preferred_username: 'tech', scope: 'openid mcp' }));
    expect(full.status).toBe(200);
    expect(full.names).toContain('project_create');
    const readOnly = await toolNames(await sign({ preferred_username: 'tech', scope: 'mcp:read' }));
    expect(readOnly.names).toContain('project_search');
    expect(readOnly.names).not.toContain('project_create');
  });

  it('refuses a token for another audience, from another issuer, expired, or of an unknown user', async () => {
    for (const token of [
      await sign({ preferred_username: 'tech', scope: 'mcp' }, { audience: 'https://other.example.com/api' }),
      await sign({ preferred_username: 'tech', scope: 'mcp' }, { issuer: 'https://evil.example.com' }),
      await sign({ preferred_username: 'tech', scope: 'mcp' }, { expiresIn: '-1m' }),
      await sign({ preferred_username: 'nobody', scope: 'mcp' }),
    ]) {
      expect((await toolNames(token)).status).toBe(401);
    }
  });

  it('keeps CLI tokens working', async () => {
    expect((await toolNames(await stack.token('glpi', ['mcp']))).status).toBe(200);
  });
});
