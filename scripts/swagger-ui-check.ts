/**
 * npm run check:swagger-ui — drives Swagger UI at /api/docs in headless Chromium as a person would:
 * Authorize with a token, then "Try it out" + "Execute" on a project search, a get by id and a
 * create (each with the document's examples as Swagger UI fills them in). Prints what the UI showed (request URL, status, start of the body) and saves a screenshot
 * of each step. Starts its own server on a temporary SQLite database with the demo data.
 *
 * Chromium comes from the system (Debian: apt-get install chromium); CHROMIUM=<path> picks another.
 * Not part of npm test: it needs a browser.
 */
import 'reflect-metadata';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { TokensService } from '../src/auth/tokens.service.js';
import { createHttpApp } from '../src/bootstrap.js';

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const STEP_TIMEOUT_MS = 30_000;

interface Step {
  name: string;
  operation: string;
  expectStatus: number;
  /** Parameter inputs to fill (name -> text); others keep the document's example. */
  fill?: Record<string, string>;
}

const STEPS: Step[] = [
  { name: 'search', operation: 'operations-projects-projects_search', expectStatus: 200 },
  { name: 'get-by-id', operation: 'operations-projects-projects_get', expectStatus: 200, fill: { id: '1' } },
  { name: 'create', operation: 'operations-projects-projects_create', expectStatus: 201 },
];

interface Shown {
  step: string;
  url: string;
  authorization: boolean;
  status: string;
  body: string;
  screenshot: string;
}

async function main(): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    process.stderr.write(`swagger-ui-check: no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM)\n`);
    process.exit(2);
  }
  const work = mkdtempSync(join(tmpdir(), 'intentdesk-swagger-ui-'));
  const out = process.env.SCREENSHOTS ?? join(work, 'screenshots');
  console.log(`screenshots: ${out}`);
  const app = await createHttpApp(
    { ...process.env, DATABASE_URL: `sqlite:${join(work, 'check.sqlite')}`, SEED_DEMO: 'true', HOST: '127.0.0.1', PORT: '0', REDIS_URL: undefined },
    { logger: ['error'] },
  );
  let browser: Browser | undefined;
  try {
    await app.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${((app.getHttpServer() as Server).address() as AddressInfo).port}`;
    const token = (await app.get(TokensService).create('glpi', ['api'], 3_600_000, 'swagger-ui-check')).token;
    browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox',
        '--headless',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        `--user-data-dir=${join(work, 'profile')}`,
      ],
    });
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    const shown = await run(page, base, token, out);
    let failed = false;
    for (const [i, s] of shown.entries()) {
      const ok = s.status === String(STEPS[i].expectStatus) && s.authorization && !s.url.includes('%7B') && !s.url.includes('{');
      failed ||= !ok;
      console.log(`${ok ? 'ok  ' : 'FAIL'} ${s.step}: ${s.url} -> ${s.status} (Authorization header ${s.authorization ? 'sent' : 'MISSING'})`);
      console.log(`     body: ${s.body.replace(/\s+/g, ' ').slice(0, 240)}`);
      console.log(`     screenshot: ${s.screenshot}`);
    }
    if (failed) process.exitCode = 1;
  } finally {
    await browser?.close();
    await app.close();
    // The screenshots stay (SCREENSHOTS=<dir> puts them elsewhere); the database and the profile go.
    rmSync(join(work, 'profile'), { recursive: true, force: true });
    for (const ext of ['', '-wal', '-shm']) rmSync(join(work, `check.sqlite${ext}`), { force: true });
  }
}

async function run(page: Page, base: string, token: string, out: string): Promise<Shown[]> {
  const requests: Array<{ url: string; authorization: boolean }> = [];
  page.on('request', (r) => {
    if (r.url().startsWith(`${base}/api/projects`)) requests.push({ url: r.url(), authorization: /^Bearer idt_/.test(r.headers().authorization ?? '') });
  });
  await page.goto(`${base}/api/docs`, { waitUntil: 'networkidle0', timeout: STEP_TIMEOUT_MS });
  await page.waitForSelector(`#${STEPS[0].operation}`, { timeout: STEP_TIMEOUT_MS });
  await shot(page, out, '0-overview');

  // Authorize: the dialog lists the bearer scheme; type the token, confirm, close.
  await page.click('.auth-wrapper .authorize');
  await page.waitForSelector('.modal-ux input', { timeout: STEP_TIMEOUT_MS });
  await page.type('.modal-ux input', token);
  await page.click('.modal-ux .auth-btn-wrapper .authorize');
  await page.waitForSelector('.modal-ux .auth-btn-wrapper .btn-done', { timeout: STEP_TIMEOUT_MS });
  await shot(page, out, '1-authorized');
  await page.click('.modal-ux .auth-btn-wrapper .btn-done');

  const shown: Shown[] = [];
  for (const [i, step] of STEPS.entries()) {
    const block = `#${step.operation}`;
    await page.click(`${block} .opblock-summary-control`);
    await page.waitForSelector(`${block} .try-out__btn`, { timeout: STEP_TIMEOUT_MS });
    await page.click(`${block} .try-out__btn`);
    for (const [name, value] of Object.entries(step.fill ?? {})) {
      const input = `${block} tr[data-param-name="${name}"] input`;
      await page.click(input, { count: 3 });
      await page.type(input, value);
    }
    const before = requests.length;
    await page.click(`${block} .execute`);
    try {
      await page.waitForSelector(`${block} .live-responses-table .response .response-col_status`, { timeout: STEP_TIMEOUT_MS });
    } catch (error) {
      await shotOf(page, out, `${i + 2}-${step.name}-no-answer`, block);
      throw error;
    }
    const status = await page.$eval(`${block} .live-responses-table .response .response-col_status`, (e) => (e.textContent ?? '').trim());
    const body = await page.$eval(`${block} .live-responses-table .response .response-col_description pre`, (e) => (e.textContent ?? '').trim());
    const screenshot = await shotOf(page, out, `${i + 2}-${step.name}`, block);
    const sent = requests[before] ?? { url: '(no request seen)', authorization: false };
    shown.push({ step: step.name, url: sent.url.slice(base.length), authorization: sent.authorization, status, body, screenshot });
    await page.click(`${block} .opblock-summary-control`);
  }
  return shown;
}

async function shot(page: Page, out: string, name: string): Promise<string> {
  const path = join(out, `${name}.png`);
  mkdirSync(out, { recursive: true });
  await page.screenshot({ path: path });
  return path;
}

/** One operation block, from its title down to the live answer (or its end, when there is none). */
async function shotOf(page: Page, out: string, name: string, selector: string): Promise<string> {
  const path = join(out, `${name}.png`);
  mkdirSync(out, { recursive: true });
  // Painted before it is captured: a code block outside the viewport may not be drawn yet.
  await page.$eval(`${selector} .live-responses-table`, (e) => e.scrollIntoView({ block: 'center' })).catch(() => undefined);
  await page.evaluate(() => {
    const frame = (globalThis as unknown as { requestAnimationFrame(callback: () => void): void }).requestAnimationFrame;
    return new Promise<void>((resolve) => frame(() => frame(resolve)));
  });
  // Document coordinates: the block may be anywhere down the page.
  const area = await page.$eval(selector, (element) => {
    const window = globalThis as unknown as { scrollX: number; scrollY: number };
    const block = element.getBoundingClientRect();
    const live = element.querySelector('.live-responses-table')?.getBoundingClientRect();
    return { x: block.left + window.scrollX, y: block.top + window.scrollY, width: block.width, bottom: (live ?? block).bottom + window.scrollY };
  });
  await page.screenshot({
    path: path,
    captureBeyondViewport: true,
    clip: { x: area.x, y: area.y, width: area.width, height: Math.min(area.bottom - area.y + 8, 6000) },
  });
  return path;
}

main().catch((error: unknown) => {
  process.stderr.write(`swagger-ui-check failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
