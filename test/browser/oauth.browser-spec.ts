import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import puppeteer, { type Browser } from 'puppeteer-core';
import { DATABASES } from '../support/databases.js';
import { startStack, type TestStack } from '../support/test-app.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The SDK's OAuth client provider as a desktop client implements it: memory storage, a browser for the user. */
class MemoryProvider implements OAuthClientProvider {
  private info?: OAuthClientInformationMixed;
  private saved?: OAuthTokens;
  private verifier = '';
  authorizationUrl?: URL;

  constructor(
    private readonly callback: string,
    private readonly scope?: string,
  ) {}

  get redirectUrl(): string {
    return this.callback;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Browser test client',
      redirect_uris: [this.callback],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...(this.scope ? { scope: this.scope } : {}),
    };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/** The client's redirect URI: a loopback server that hands over the code it receives. */
async function startCallback(): Promise<{ server: Server; url: string; code: Promise<string> }> {
  let resolve!: (code: string) => void;
  const code = new Promise<string>((r) => (resolve = r));
  const server = createServer((req, res) => {
    const params = new URL(req.url ?? '/', 'http://x').searchParams;
    res.writeHead(200, { 'Content-Type': 'text/plain' }).end('You can close this window.');
    if (params.get('code')) resolve(params.get('code')!);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`, code };
}

/**
 * The whole OAuth flow in headless Chromium with the SDK's own OAuth client: the client connects
 * with no token, is sent to the sign-in page, the person signs in and consents in the browser, the
 * client gets its token, lists the tools and calls one.
 */
describe.each(DATABASES)('OAuth in a browser on %s', (kind) => {
  let stack: TestStack;
  let browser: Browser;

  beforeAll(async () => {
    stack = await startStack(kind);
    browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  });
  afterAll(async () => {
    // The browser's kept-alive connections would hold the server's close open.
    browser?.process()?.kill('SIGKILL');
    stack?.http.closeAllConnections();
    await stack?.close();
  });

  /** The client's first connect fails for want of a token; the person signs in and allows in the browser. */
  async function connectThroughBrowser(login: string, password: string, language?: string): Promise<{ client: Client; pageText: string }> {
    const callback = await startCallback();
    const provider = new MemoryProvider(callback.url);
    const mcpUrl = new URL(`${stack.url}/mcp`);
    try {
      await expect(
        new Client({ name: 'browser-test', version: '0.0.0' }).connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider })),
      ).rejects.toThrow(/Unauthorized/);
      expect(provider.authorizationUrl?.toString()).toMatch(new RegExp(`^${stack.url}/oauth/authorize\\?`));
      // A fresh profile per person: cookies of an earlier sign-in would skip the sign-in page.
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      if (language) await page.setExtraHTTPHeaders({ 'Accept-Language': language });
      await page.goto(provider.authorizationUrl!.toString());
      await page.type('#login', login);
      await page.type('#password', password);
      await Promise.all([page.waitForNavigation(), page.click('button[value="sign-in"]')]);
      const pageText = (await page.evaluate('document.body.innerText')) as string;
      await Promise.all([page.waitForNavigation(), page.click('#allow')]);
      const code = await callback.code;
      await context.close();
      const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
      await transport.finishAuth(code);
      const client = new Client({ name: 'browser-test', version: '0.0.0' });
      await client.connect(transport);
      return { client, pageText };
    } finally {
      callback.server.close();
    }
  }

  it('the SDK client connects with no token, the person signs in and consents, the client lists tools and calls one', async () => {
    const { client, pageText } = await connectThroughBrowser('tech', 'tech');
    expect(pageText).toContain('Tech Support (tech)');
    expect(pageText).toContain('Root entity');
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['domain_switch', 'project_search', 'project_create']));
    const opened = (await client.callTool({ name: 'domain_switch', arguments: { domain: 'project' } })) as unknown as {
      structuredContent: { session_id: string };
    };
    const found = (await client.callTool({
      name: 'project_search',
      arguments: { domain: 'project', session_id: opened.structuredContent.session_id },
    })) as unknown as {
      structuredContent: { status: string };
    };
    expect(found.structuredContent.status).toBe('success');
    await client.close();
  });

  it('speaks Brazilian Portuguese to a browser that asks for it', async () => {
    const { client, pageText } = await connectThroughBrowser('maria.silva', 'maria.silva', 'pt-BR,pt;q=0.9');
    expect(pageText).toContain('Permitir acesso?');
    await client.close();
  });
});
