import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { DataSource } from 'typeorm';
import { deliveredLinks } from '../support/approval-web.js';
import { DATABASES } from '../support/databases.js';
import { callTool, failure, openSession, success } from '../support/mcp-client.js';
import { startStack, type TestStack } from '../support/test-app.js';

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
/** Where the page's screenshots go (docs/img keeps the ones the documentation shows). */
const SCREENSHOTS = process.env.SCREENSHOTS ?? mkdtempSync(join(tmpdir(), 'intentdesk-approval-shots-'));

/** A client that declares URL-mode elicitation (MCP 2025-11-25), as the user's MCP host would. */
async function connectEliciting(baseUrl: string, token: string): Promise<Client> {
  const client = new Client({ name: 'Desk Assistant', version: '1.0.0' }, { capabilities: { elicitation: { url: {} } } });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  return client;
}

/** The page URL a held write answers with (-32042). */
async function elicitation(client: Client, args: Record<string, unknown>, tool: string): Promise<string> {
  try {
    await client.callTool({ name: tool, arguments: args });
  } catch (error) {
    if (error instanceof McpError && error.code === -32042) return (error.data as { elicitations: Array<{ url: string }> }).elicitations[0].url;
    throw error;
  }
  throw new Error('expected -32042');
}

/**
 * The approval page in a real browser (headless Chromium): the person opens the URL the client was
 * given, signs in with the one-time link delivered to them, reads the exact change and decides.
 */
describe.each(DATABASES)('approval page in Chromium on %s', (kind) => {
  const dir = mkdtempSync(join(tmpdir(), 'intentdesk-approval-browser-'));
  const linkFile = join(dir, 'delivery.jsonl');
  let stack: TestStack;
  let browser: Browser;
  let client: Client;
  let session: string;

  const countProjects = async (name: string): Promise<number> => {
    const rows = (await stack.app.get(DataSource).query('SELECT COUNT(*) AS n FROM glpi_projects WHERE name = ? AND is_deleted = 0', [name])) as Array<{
      n: number | string;
    }>;
    return Number(rows[0].n);
  };

  /** Opens `url` as glpi in a fresh browser context (no cookies) in `language`, signing in through the delivered link. */
  const openAsUser = async (url: string, language: string): Promise<Page> => {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setExtraHTTPHeaders({ 'Accept-Language': language });
    await page.setViewport({ width: 420, height: 900 });
    await page.goto(url);
    const before = deliveredLinks(linkFile, 'glpi').length;
    await Promise.all([page.waitForNavigation(), page.click('button.link')]);
    const links = deliveredLinks(linkFile, 'glpi');
    expect(links.length).toBe(before + 1);
    await page.goto(links[links.length - 1]);
    // The link's page signs in only with its button: a mail scanner's fetch spends nothing.
    await Promise.all([page.waitForNavigation(), page.click('button.continue')]);
    expect(page.url()).toBe(url);
    return page;
  };

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM)`);
    mkdirSync(SCREENSHOTS, { recursive: true });
    stack = await startStack(kind, { APPROVAL_REQUIRED_FOR: 'destructive', OTP_REQUIRED_FOR: 'write', OTP_DELIVERY: `file:${linkFile}` });
    browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
    client = await connectEliciting(stack.url, await stack.token('glpi', ['mcp']));
    session = await openSession(client, 'project');
  });
  afterAll(async () => {
    await client?.close();
    await browser?.close();
    await stack?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('(a) approve in the browser: the same call then returns the envelope, and the write happened once', async () => {
    // A destructive write is held; the update before it needs OTP only (no approval): set up without OTP by REST.
    const admin = await stack.token('glpi', ['api']);
    const created = await fetch(`${stack.url}/api/projects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Migração do servidor de e-mail', projectstates_id: 'Processing', percent_done: 30 }),
    });
    const id = ((await created.json()) as { id: number }).id;
    const args = { domain: 'project', session_id: session, id };
    const url = await elicitation(client, args, 'project_delete');
    const page = await openAsUser(url, 'en-US,en;q=0.9');
    const text = await page.$eval('main', (m) => m.textContent);
    expect(text).toContain('Approve a change');
    expect(text).toContain('project_delete');
    expect(text).toContain('Desk Assistant');
    expect(text).toContain("'Migração do servidor de e-mail' deleted");
    expect(text).toContain('State');
    expect(text).toContain('Processing (2)');
    if (kind === 'sqlite') await page.screenshot({ path: join(SCREENSHOTS, 'approval-page-en.png'), fullPage: true });
    await Promise.all([page.waitForNavigation(), page.click('button.approve')]);
    expect(await page.$eval('main', (m) => m.textContent)).toContain('You approved this change');
    const done = success(await callTool(client, 'project_delete', args));
    expect(done.id).toBe(id);
    expect(await countProjects('Migração do servidor de e-mail')).toBe(0);
    failure(await callTool(client, 'project_delete', args), 'NOT_FOUND');
  });

  it('(b) reject in the browser (pt-BR, by keyboard): nothing written, APPROVAL_REJECTED', async () => {
    const admin = await stack.token('glpi', ['api']);
    const created = await fetch(`${stack.url}/api/projects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Renovação de licenças', projectstates_id: 'New' }),
    });
    const id = ((await created.json()) as { id: number }).id;
    const args = { domain: 'project', session_id: session, id };
    const url = await elicitation(client, args, 'project_delete');
    const page = await openAsUser(url, 'pt-BR,pt;q=0.9,en;q=0.5');
    const text = await page.$eval('main', (m) => m.textContent);
    expect(await page.$eval('html', (h) => h.lang)).toBe('pt-BR');
    expect(text).toContain('Aprovar uma alteração');
    expect(text).toContain('Excluir projeto');
    expect(text).toContain('Estado');
    if (kind === 'sqlite') await page.screenshot({ path: join(SCREENSHOTS, 'approval-page-pt-BR.png'), fullPage: true });
    // Keyboard only: Tab to "Rejeitar" (after "Aprovar"), Enter.
    await page.focus('button.approve');
    await page.keyboard.press('Tab');
    expect(await page.$eval(':focus', (e) => e.textContent)).toBe('Rejeitar');
    await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
    expect(await page.$eval('main', (m) => m.textContent)).toContain('Você rejeitou');
    failure(await callTool(client, 'project_delete', args), 'APPROVAL_REJECTED');
    expect(await countProjects('Renovação de licenças')).toBe(1);
  });

  it('(c) sign in with the password instead of a link: back on the page, the change shown, approved', async () => {
    const admin = await stack.token('glpi', ['api']);
    const created = await fetch(`${stack.url}/api/projects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Troca do nobreak', projectstates_id: 'New' }),
    });
    const id = ((await created.json()) as { id: number }).id;
    const args = { domain: 'project', session_id: session, id };
    const url = await elicitation(client, args, 'project_delete');
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setExtraHTTPHeaders({ 'Accept-Language': 'en' });
    await page.goto(url);
    // The real browser's own headers (Sec-Fetch-Site, Origin) pass the sign-in page's check.
    await Promise.all([page.waitForNavigation(), page.click('a.button')]);
    expect(new URL(page.url()).pathname).toBe('/oauth/login');
    await page.type('#login', 'glpi');
    await page.type('#password', 'glpi');
    await Promise.all([page.waitForNavigation(), page.click('button[value="sign-in"]')]);
    expect(page.url()).toBe(url);
    expect(await page.$eval('main', (m) => m.textContent)).toContain("'Troca do nobreak' deleted");
    await Promise.all([page.waitForNavigation(), page.click('button.approve')]);
    expect(await page.$eval('main', (m) => m.textContent)).toContain('You approved this change');
    expect(success(await callTool(client, 'project_delete', args)).id).toBe(id);
    await context.close();
  });
});
