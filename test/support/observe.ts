import parsePrometheusTextFormat, { type MetricFamily } from 'parse-prometheus-text-format';
import { JsonLogger } from '../../src/observe/logger.js';
import { rawRequest } from './raw-http.js';

/** The server's JSON log lines, as written by the product's own logger (pino), kept in memory. */
export class CapturedJsonLog {
  readonly lines: string[] = [];
  readonly logger = new JsonLogger('info', { write: (line: string) => void this.lines.push(line) });

  /** Every line, parsed. */
  records(): Array<Record<string, unknown>> {
    return this.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  text(): string {
    return this.lines.join('');
  }
}

/** A scrape of /metrics, parsed by a Prometheus text-format parser; `text` is the exposition as served. */
export async function scrape(url: string, headers: Record<string, string> = {}): Promise<MetricFamily[] & { text: string }> {
  const answer = await rawRequest(url, { headers });
  if (answer.status !== 200) throw new Error(`GET ${url}: ${answer.status} ${answer.text.slice(0, 200)}`);
  return Object.assign(parsePrometheusTextFormat(answer.text), { text: answer.text });
}

/** The value of one sample of a counter or gauge (0 when the series is absent). */
export function sampleValue(families: MetricFamily[], name: string, labels: Record<string, string> = {}): number {
  const family = families.find((f) => f.name === name);
  const sample = family?.metrics.find((m) => Object.entries(labels).every(([key, value]) => m.labels?.[key] === value));
  return sample?.value === undefined ? 0 : Number(sample.value);
}

/**
 * The observation count of one histogram series (0 when absent), read from its `_count` line: the
 * parser keeps a histogram's buckets but not its labels.
 */
export function histogramCount(scraped: { text: string }, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of scraped.text.split('\n')) {
    if (!line.startsWith(`${name}_count{`)) continue;
    const inside = line.slice(line.indexOf('{') + 1, line.lastIndexOf('}')).split(',');
    if (wanted.every((pair) => inside.includes(pair))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}
