import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** bench/ (this package). */
export const BENCH_DIR = fileURLToPath(new URL('../', import.meta.url));
/** The product's repository root (where dist/ and the product's node_modules live). */
export const ROOT_DIR = fileURLToPath(new URL('../../', import.meta.url));
export const DIST_DIR = `${ROOT_DIR}dist/`;
export const MAIN_JS = `${DIST_DIR}src/main.js`;
export const TOKEN_CLI_JS = `${DIST_DIR}src/cli/token.js`;
export const RESULTS_DIR = `${BENCH_DIR}results/`;

/**
 * The node flags the product is started with: those of `npm start` (package.json), so the benches
 * measure the server as it is run. BENCH_NODE_ARGS (space-separated, may be empty) overrides them,
 * to measure what a flag costs or saves.
 */
export const PRODUCT_NODE_ARGS: string[] = (() => {
  const override = process.env.BENCH_NODE_ARGS;
  if (override !== undefined) return override.split(' ').filter(Boolean);
  const pkg = JSON.parse(readFileSync(`${ROOT_DIR}package.json`, 'utf8')) as { scripts?: Record<string, string> };
  const start = /^(?:exec )?node((?: --\S+)*) dist\/src\/main\.js$/.exec(pkg.scripts?.start ?? '');
  if (!start) throw new Error(`package.json's start script is not \`exec node [--flags] dist/src/main.js\`: ${pkg.scripts?.start}`);
  return start[1].split(' ').filter(Boolean);
})();

/** `require` anchored at the product root: resolves the product's own dependencies (SDK 1.x, better-sqlite3, mysql2). */
export const rootRequire = createRequire(`${ROOT_DIR}package.json`);

/** Imports a module of the built product (dist/src/...). */
export async function importDist<T = Record<string, unknown>>(relative: string): Promise<T> {
  const file = `${DIST_DIR}src/${relative}`;
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` at the repository root first.`);
  return (await import(pathToFileURL(file).href)) as T;
}

/** Imports a package the product depends on, from the product's node_modules (never bench's copy). */
export async function importRoot<T = Record<string, unknown>>(specifier: string): Promise<T> {
  return (await import(pathToFileURL(rootRequire.resolve(specifier)).href)) as T;
}

export function assertBuilt(): void {
  if (!existsSync(MAIN_JS)) throw new Error(`${MAIN_JS} is missing: run \`npm run build\` at the repository root first.`);
}
