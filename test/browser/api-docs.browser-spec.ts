import puppeteer, { type Browser } from 'puppeteer-core';
import { startStack, type TestStack } from '../support/test-app.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Swagger UI at /api/docs under the page's Content-Security-Policy: only the server's own scripts
 * run (an injected inline script would not), the page cannot be framed, and the UI still renders
 * every operation and reads the document. The page does not depend on the database: SQLite only.
 */
describe('the REST API page (Swagger UI) in Chromium', () => {
  let stack: TestStack;
  let browser: Browser;

  beforeAll(async () => {
    stack = await startStack('sqlite');
    browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('is served with a policy that runs only its own scripts and forbids framing', async () => {
    const res = await fetch(`${stack.url}/api/docs`);
    await res.arrayBuffer();
    const policy = res.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/default-src 'none'/);
    expect(policy).toMatch(/script-src 'self'(;|$)/);
    expect(policy).toMatch(/frame-ancestors 'none'/);
    expect(policy).not.toMatch(/unsafe-eval/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('renders every operation under that policy, with no violation reported', async () => {
    const tab = await browser.newPage();
    const violations: string[] = [];
    tab.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await tab.goto(`${stack.url}/api/docs`, { waitUntil: 'networkidle0' });
    await tab.waitForSelector('.opblock', { timeout: 20_000 });
    const operations = await tab.$$eval('.opblock', (blocks) => blocks.length);
    const title = await tab.$eval('.info .title', (element) => element.textContent ?? '');
    // An inline script, as an injection would add one, is refused by the policy.
    const inlineRan = await tab.evaluate(`(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.body.appendChild(script);
      return window.__inlineRan === true;
    })()`);
    await tab.close();
    expect(operations).toBeGreaterThan(10);
    expect(title).toMatch(/intentdesk/i);
    expect(inlineRan).toBe(false);
    expect(violations.filter((v) => !/__inlineRan/.test(v) && !/inline script/i.test(v))).toEqual([]);
  });
});
