import { existsSync } from 'node:fs';
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
