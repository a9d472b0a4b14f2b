import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASES } from './support/databases.js';
import { REPO_ROOT } from './support/mcp-client.js';
import { scrape } from './support/observe.js';
import { startStack, type TestStack } from './support/test-app.js';

const RULES = join(REPO_ROOT, 'deploy/prometheus/alerts.yml');
const DASHBOARD = join(REPO_ROOT, 'deploy/grafana/dashboards/intentdesk.json');
const METRICS_TOKEN = 'deploy-check-token-0123456789';

interface Dashboard {
  uid: string;
  panels: Array<{ title: string; targets: Array<{ expr: string }> }>;
  templating: { list: Array<{ query: { query: string } }> };
}

/** The intentdesk metric names a PromQL expression reads (histogram series by their family name). */
function metricNames(expr: string): string[] {
  return [...expr.matchAll(/\bintentdesk_[a-z0-9_]+/g)].map(([name]) => name.replace(/_(bucket|sum|count)$/, ''));
}

/** Every `expr:` of the rules file (each is written on one line). */
function ruleExpressions(): string[] {
  return [...readFileSync(RULES, 'utf8').matchAll(/^\s*expr:\s*(.+)$/gm)].map(([, expr]) => expr);
}

describe('deploy/: alert rules and the Grafana dashboard', () => {
  it('the rules pass promtool check rules (when promtool is installed)', () => {
    const which = spawnSync('promtool', ['--version'], { encoding: 'utf8' });
    if (which.error) {
      process.stderr.write('deploy.e2e-spec: promtool not installed (apt-get install prometheus); rules checked for metric names only\n');
      return;
    }
    const checked = spawnSync('promtool', ['check', 'rules', RULES], { encoding: 'utf8' });
    expect({ status: checked.status, output: checked.stdout + checked.stderr }).toEqual({ status: 0, output: expect.stringContaining('SUCCESS') });
  });

  it('the dashboard is JSON with a query on every panel', () => {
    const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as Dashboard;
    expect(dashboard.uid).toBe('intentdesk');
    expect(dashboard.panels.length).toBeGreaterThan(5);
    for (const panel of dashboard.panels) expect(panel.targets.length).toBeGreaterThan(0);
  });
});

describe.each(DATABASES)('every metric the rules and the dashboard read is exported, on %s', (kind) => {
  let stack: TestStack;
  beforeAll(async () => {
    // REDIS_URL set (reachable or not) so the Redis gauge is exported too.
    stack = await startStack(kind, { METRICS_TOKEN, REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:1' });
  });
  afterAll(async () => stack?.close());

  it('names only exported metrics', async () => {
    const exported = new Set((await scrape(`${stack.url}/metrics`, { Authorization: `Bearer ${METRICS_TOKEN}` })).map((family) => family.name));
    const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as Dashboard;
    const queries = [
      ...dashboard.panels.flatMap((panel) => panel.targets.map((target) => ({ where: `panel '${panel.title}'`, expr: target.expr }))),
      ...dashboard.templating.list.map((variable) => ({ where: 'template variable', expr: variable.query.query })),
      ...ruleExpressions().map((expr) => ({ where: 'alert rule', expr })),
    ];
    const unknown = queries.flatMap(({ where, expr }) =>
      metricNames(expr)
        .filter((name) => !exported.has(name))
        .map((name) => `${where}: ${name}`),
    );
    expect(unknown).toEqual([]);
    // Every query reads at least one metric of ours (or Prometheus' own `up`).
    for (const { where, expr } of queries) expect({ where, names: metricNames(expr).length > 0 || /\bup\{/.test(expr) }).toEqual({ where, names: true });
  });
});
