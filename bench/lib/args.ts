import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Minimal flag parsing: --name value, --name=value, --flag, --no-flag. */
export type Flags = Record<string, string | boolean>;

export function parseFlags(argv: string[]): Flags {
  const flags: Flags = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) continue;
    const eq = arg.indexOf('=');
    if (eq > 0) {
      flags[arg.slice(2, eq)] = arg.slice(eq + 1);
    } else if (arg.startsWith('--no-')) {
      flags[arg.slice(5)] = false;
    } else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) {
      flags[arg.slice(2)] = argv[++i];
    } else {
      flags[arg.slice(2)] = true;
    }
  }
  return flags;
}

export function numberFlag(flags: Flags, name: string, fallback: number): number {
  const raw = flags[name];
  if (raw === undefined || typeof raw === 'boolean') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new Error(`--${name} must be a number (got ${raw})`);
  return value;
}

export function listFlag(flags: Flags, name: string, fallback: number[]): number[] {
  const raw = flags[name];
  if (raw === undefined || typeof raw === 'boolean') return fallback;
  return String(raw)
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)
    .map((s) => {
      const m = /^(\d+(?:\.\d+)?)([km]?)$/.exec(s);
      if (!m) throw new Error(`--${name}: '${s}' is not a number (10000, 100k, 1m)`);
      return Math.round(Number(m[1]) * (m[2] === 'k' ? 1e3 : m[2] === 'm' ? 1e6 : 1));
    });
}

export function boolFlag(flags: Flags, name: string, fallback: boolean): boolean {
  const raw = flags[name];
  if (raw === undefined) return fallback;
  if (typeof raw === 'boolean') return raw;
  return !['0', 'false', 'no', 'off'].includes(raw.toLowerCase());
}

/** True when this module is the process entry point (`node --import tsx <file>`). */
export function isMain(metaUrl: string): boolean {
  const entry = process.argv[1];
  return !!entry && fileURLToPath(metaUrl) === resolve(entry);
}
