import { readFileSync } from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface SelfTime {
  name: string;
  where: string;
  ms: number;
  share: number;
}

export interface ProfileSummary {
  totalMs: number;
  functions: SelfTime[];
  /** Self time grouped by package (node_modules/<pkg>), product code (dist/src/<dir>), node internals, GC, idle. */
  packages: SelfTime[];
}

const SQLITE_NATIVE = new Set(['all', 'get', 'run', 'iterate', 'Statement', 'prepare', 'pluck', 'raw', 'bind', 'exec', 'pragma', 'transaction']);
const SOCKET_NATIVE = new Set(['writev', 'writeBuffer', 'writeUtf8String', 'writeLatin1String', 'onStreamRead', 'shutdown', 'close']);

function packageOf(url: string, functionName: string): string {
  if (!url) {
    if (SQLITE_NATIVE.has(functionName)) return 'better-sqlite3 (native SQLite calls)';
    if (SOCKET_NATIVE.has(functionName)) return 'sockets (native writes/reads)';
    if (functionName === '(garbage collector)') return '(garbage collector)';
    if (functionName === '(idle)') return '(idle)';
    if (functionName === '(program)') return '(program: native, not attributed)';
    return '(native)';
  }
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) {
    const inner = url.lastIndexOf('node_modules/');
    return /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url.slice(inner))?.[1] ?? nm[1];
  }
  const product = /\/dist\/src\/([^/]+)\//.exec(url);
  if (product) return `intentdesk src/${product[1]}`;
  if (/\/dist\/src\/[^/]+\.js$/.test(url)) return 'intentdesk src/';
  if (url.startsWith('node:')) return 'node internals';
  return url.replace(/^file:\/\//, '').split('/').slice(-2).join('/');
}

function shortUrl(url: string, line: number): string {
  if (!url) return '';
  const trimmed = url.replace(/^file:\/\//, '').replace(/^.*node_modules\//, '').replace(/^.*\/dist\//, 'dist/');
  return `${trimmed}:${line + 1}`;
}

/** Self time per function and per package of a .cpuprofile, largest first. */
export function summarizeProfile(file: string, top = 15): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i + 1] ?? 0;
    selfUs.set(profile.samples[i], (selfUs.get(profile.samples[i]) ?? 0) + Math.max(0, delta));
  }
  const fn = new Map<string, SelfTime>();
  const pkg = new Map<string, SelfTime>();
  let total = 0;
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const name = functionName || '(anonymous)';
    if (name === '(idle)') continue;
    total += us;
    const key = `${name}@${url}:${lineNumber}`;
    const f = fn.get(key) ?? { name, where: shortUrl(url, lineNumber), ms: 0, share: 0 };
    f.ms += us / 1000;
    fn.set(key, f);
    const p = packageOf(url, name);
    const g = pkg.get(p) ?? { name: p, where: '', ms: 0, share: 0 };
    g.ms += us / 1000;
    pkg.set(p, g);
  }
  const totalMs = total / 1000;
  const finish = (list: SelfTime[]) => list.map((s) => ({ ...s, share: totalMs ? s.ms / totalMs : 0 })).sort((a, b) => b.ms - a.ms);
  return { totalMs, functions: finish([...fn.values()]).slice(0, top), packages: finish([...pkg.values()]).slice(0, top) };
}
