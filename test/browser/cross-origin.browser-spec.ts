import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import puppeteer, { type Browser } from 'puppeteer-core';
import { DATABASES } from '../support/databases.js';
import { startStack, type TestStack } from '../support/test-app.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A web page of its own origin (another port of localhost): what a browser-based MCP client is. */
async function servePage(): Promise<{ server: Server; url: string }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end('<!doctype html><title>A browser MCP client</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://localhost:${(server.address() as AddressInfo).port}/` };
}

interface Seen {
  status: number;
  sessionHeader: string | null;
  challenge: string | null;
  body: { result?: { tools?: unknown[]; structuredContent?: { status: string } }; error?: { code: number } };
}

/**
 * MCP from a web page in Chromium: the page's origin (localhost on another port) is a local one,
 * allowed by default, so the browser's preflight passes and the page reads the answers, the session
 * header and the 401 challenge that starts OAuth — as a browser-based client needs them.
 */
describe.each(DATABASES)('MCP from a web page of another origin, in Chromium, on %s', (kind) => {
  let stack: TestStack;
  let browser: Browser;
  let page: { server: Server; url: string };

  beforeAll(async () => {
    stack = await startStack(kind);
    page = await servePage();
    browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => page?.server.close(resolve));
    await stack?.close();
  });

  it('initializes, lists the tools and calls one from the page; without a token, reads the challenge', async () => {
    const token = await stack.token('glpi', ['mcp']);
    const tab = await browser.newPage();
    await tab.goto(page.url);
    const seen = await tab.evaluate(
      async (endpoint: string, bearer: string) => {
        const post = async (body: unknown, auth = true) => {
          const res = await fetch(endpoint, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              Accept: 'application/json, text/event-stream',
              'MCP-Protocol-Version': '2025-06-18',
              ...(auth ? { Authorization: `Bearer ${bearer}` } : {}),
            },
            body: JSON.stringify(body),
          });
          return {
            status: res.status,
            sessionHeader: res.headers.get('mcp-session-id'),
            challenge: res.headers.get('www-authenticate'),
            body: await res.json(),
          };
        };
        const initialize = await post({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'page', version: '0' } },
        });
        const list = await post({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
        const call = await post({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'domain_switch', arguments: { domain: 'ticket' } } });
        const anonymous = await post({ jsonrpc: '2.0', id: 4, method: 'tools/list' }, false);
        return [initialize, list, call, anonymous];
      },
      `${stack.url}/mcp`,
      token,
    );
    const [initialize, list, call, anonymous] = seen as Seen[];
    expect(initialize.status).toBe(200);
    expect(initialize.sessionHeader).toEqual(expect.any(String));
    expect(list.body.result?.tools?.length).toBeGreaterThan(10);
    expect(call.body.result?.structuredContent?.status).toBe('success');
    expect(anonymous.status).toBe(401);
    expect(anonymous.challenge).toMatch(/^Bearer .*resource_metadata="http/);
    await tab.close();
  });
});
