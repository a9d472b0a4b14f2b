import { mkdirSync, writeFileSync } from 'node:fs';
import { RESULTS_DIR } from './paths.js';

/** Writes a bench's markdown to results/<name>.md (standalone runs). */
export function writeSummary(name: string, markdown: string): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = `${RESULTS_DIR}${name}.md`;
  writeFileSync(file, `${markdown.trimEnd()}\n`);
  process.stderr.write(`\nwritten ${file}\n`);
  return file;
}
