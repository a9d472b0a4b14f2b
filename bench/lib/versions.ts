import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The installed version of `name` as `req` resolves it. Reads the package's own package.json by
 * walking up from its entry point (some packages do not export ./package.json).
 */
export function versionOf(req: NodeJS.Require, name: string): string {
  let entry: string;
  try {
    entry = req.resolve(name);
  } catch {
    try {
      entry = req.resolve(`${name}/package.json`);
    } catch {
      return '?';
    }
  }
  for (let dir = dirname(entry); dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === name && pkg.version) return pkg.version;
  }
  return '?';
}
