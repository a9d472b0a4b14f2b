import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT_DIR } from './paths.js';

/** A node of V8's sampling heap profile (HeapProfiler.stopSampling). */
interface SamplingNode {
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  /** Bytes allocated by this frame itself, scaled from the samples to an estimate of all of them. */
  selfSize: number;
  children: SamplingNode[];
}

export interface AllocationSite {
  /** The function, and where it is: the product's own source (through the bundle's source maps), else the file. */
  name: string;
  where: string;
  bytes: number;
}

export interface AllocationSummary {
  totalBytes: number;
  sites: AllocationSite[];
}

/** The bundle's source maps, read once each. */
const maps = new Map<string, SourceMap | undefined>();

function sourceMapOf(file: string): SourceMap | undefined {
  if (!maps.has(file)) maps.set(file, existsSync(`${file}.map`) ? new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8'))) : undefined);
  return maps.get(file);
}

/** `src/…ts:line` for a frame of the built product, `node:…:line` or the package's file otherwise. */
function whereOf(url: string, line: number, column: number): string {
  if (!url) return '(native)';
  if (url.startsWith('file://')) {
    const file = fileURLToPath(url);
    // Node's types allow an empty entry (no mapping there); a mapped one names its source.
    const entry = (file.includes('/dist/') ? sourceMapOf(file)?.findEntry(line, column) : undefined) as
      { originalSource?: string; originalLine: number } | undefined;
    if (entry?.originalSource) {
      const source = entry.originalSource.startsWith('file://') ? fileURLToPath(entry.originalSource) : entry.originalSource;
      return `${relative(ROOT_DIR, source).replace(/^(\.\.\/)+/, '')}:${entry.originalLine + 1}`;
    }
    return `${file.replace(/^.*node_modules\//, '')}:${line + 1}`;
  }
  return `${url}:${line + 1}`;
}

/** Bytes allocated per function of a .heapprofile, largest first (the top `top`). */
export function summarizeAllocations(file: string, top = 15): AllocationSummary {
  const { head } = JSON.parse(readFileSync(file, 'utf8')) as { head: SamplingNode };
  const bySite = new Map<string, AllocationSite>();
  let totalBytes = 0;
  const visit = (node: SamplingNode): void => {
    if (node.selfSize > 0) {
      const { functionName, url, lineNumber, columnNumber } = node.callFrame;
      const name = functionName || '(anonymous)';
      const where = whereOf(url, lineNumber, columnNumber);
      const key = `${name} ${where}`;
      const site = bySite.get(key) ?? { name, where, bytes: 0 };
      site.bytes += node.selfSize;
      bySite.set(key, site);
      totalBytes += node.selfSize;
    }
    for (const child of node.children) visit(child);
  };
  visit(head);
  return { totalBytes, sites: [...bySite.values()].sort((a, b) => b.bytes - a.bytes).slice(0, top) };
}
