import { build } from 'esbuild';
import { BENCH_DIR, RESULTS_DIR } from './paths.js';

/**
 * Compiles TypeScript entry points to plain ESM under results/.build, so that servers run on bare
 * `node` (no loader thread or transpiler in their memory or CPU numbers). Packages stay external
 * and resolve at run time from bench/node_modules, then the product's node_modules.
 */
export async function compile(entries: Record<string, string>): Promise<Record<string, string>> {
  const outdir = `${RESULTS_DIR}.build`;
  await build({
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, `${BENCH_DIR}${file}`])),
    outdir,
    bundle: true,
    packages: 'external',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outExtension: { '.js': '.mjs' },
    tsconfig: `${BENCH_DIR}tsconfig.json`,
    logLevel: 'warning',
  });
  return Object.fromEntries(Object.keys(entries).map((name) => [name, `${outdir}/${name}.mjs`]));
}
