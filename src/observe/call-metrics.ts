import type { Counter, Registry } from 'prom-client';

/** The transports a call comes by (its one home: tools/ and input/ import it from here). */
export type Transport = 'mcp' | 'rest';

/** One transport and tool's calls: how many ended with each outcome, and the histogram of their durations. */
interface CallTally {
  readonly labels: { readonly transport: Transport; readonly tool: string };
  readonly outcomes: Map<string, number>;
  /** Calls per bucket, not cumulative: `buckets[i]` counts durations in (bounds[i-1], bounds[i]]. */
  readonly buckets: number[];
  sum: number;
  count: number;
}

/** A sample of the exposition, as prom-client's own metrics give them to its registry. */
interface Sample {
  readonly labels: Record<string, string | number>;
  readonly value: number;
  readonly metricName?: string;
}

/** What prom-client's registry reads of a metric: its name and type, and its samples at each scrape. */
interface RegisteredMetric {
  readonly name: string;
  readonly help: string;
  readonly type: 'counter' | 'histogram';
  readonly aggregator: 'sum';
  get(): Promise<{ name: string; help: string; type: 'counter' | 'histogram'; aggregator: 'sum'; values: Sample[] }>;
  reset(): void;
}

export interface CallMetricNames {
  readonly calls: { readonly name: string; readonly help: string };
  readonly duration: { readonly name: string; readonly help: string; readonly buckets: readonly number[] };
}

/**
 * Every call's count (by transport, tool and outcome) and duration (a histogram by transport and
 * tool), kept as plain numbers and read into the exposition when /metrics is scraped. prom-client's
 * Counter and Histogram hashed and validated the labels of both on every call, and made a closure
 * for each observation (1.6% of a `ticket_get`'s CPU under load); here a call finds its tally by
 * two map lookups and adds to it. The text scraped is prom-client's own (its registry formats these
 * samples as it formats its metrics'), line for line what its Counter and Histogram gave.
 * Labels are bounded by the caller (metrics.ts): registered tool names, outcomes that are codes.
 */
export class CallMetrics {
  private readonly byTool = new Map<string, { mcp?: CallTally; rest?: CallTally }>();
  private readonly bounds: readonly number[];

  constructor(registry: Registry, names: CallMetricNames) {
    this.bounds = names.duration.buckets;
    // prom-client's registry takes its own metric classes; these give it what it reads of them.
    registry.registerMetric(this.registered(names.calls, 'counter', () => this.counterSamples()) as unknown as Counter);
    registry.registerMetric(this.registered(names.duration, 'histogram', () => this.histogramSamples(names.duration.name)) as unknown as Counter);
  }

  /** One call ended: `outcome` is 'success' or an error code, `seconds` its duration. */
  record(transport: Transport, tool: string, outcome: string, seconds: number): void {
    const tally = this.tallyOf(transport, tool);
    tally.outcomes.set(outcome, (tally.outcomes.get(outcome) ?? 0) + 1);
    const bounds = this.bounds;
    let bucket = 0;
    while (bucket < bounds.length && seconds > bounds[bucket]) bucket++;
    // Past the last bound, a duration counts in +Inf only (the count).
    if (bucket < bounds.length) tally.buckets[bucket]++;
    tally.sum += seconds;
    tally.count++;
  }

  /** Shows `outcome` of this transport and tool at 0 before its first call, so rate() sees that call. */
  zero(transport: Transport, tool: string, outcome: string): void {
    const tally = this.tallyOf(transport, tool);
    if (!tally.outcomes.has(outcome)) tally.outcomes.set(outcome, 0);
  }

  private tallyOf(transport: Transport, tool: string): CallTally {
    let ofTool = this.byTool.get(tool);
    if (ofTool === undefined) {
      ofTool = {};
      this.byTool.set(tool, ofTool);
    }
    let tally = ofTool[transport];
    if (tally === undefined) {
      tally = { labels: { transport, tool }, outcomes: new Map(), buckets: this.bounds.map(() => 0), sum: 0, count: 0 };
      ofTool[transport] = tally;
    }
    return tally;
  }

  /** Every tally, in the order they were first made (a transport's tallies by tool). */
  private tallies(): CallTally[] {
    const all: CallTally[] = [];
    for (const ofTool of this.byTool.values()) {
      if (ofTool.mcp) all.push(ofTool.mcp);
      if (ofTool.rest) all.push(ofTool.rest);
    }
    return all;
  }

  private reset(): void {
    this.byTool.clear();
  }

  /** What the registry reads of one metric: its name, help and type, and `samples` at each scrape. */
  private registered(meta: { name: string; help: string }, type: 'counter' | 'histogram', samples: () => Sample[]): RegisteredMetric {
    const { name, help } = meta;
    return {
      name,
      help,
      type,
      aggregator: 'sum',
      get: () => Promise.resolve({ name, help, type, aggregator: 'sum', values: samples() }),
      reset: () => this.reset(),
    };
  }

  private counterSamples(): Sample[] {
    return this.tallies().flatMap((tally) => [...tally.outcomes].map(([outcome, value]) => ({ labels: { ...tally.labels, outcome }, value })));
  }

  /** A transport and tool shows once it has a call (its calls counter shows from the start, at 0). */
  private histogramSamples(name: string): Sample[] {
    return this.tallies()
      .filter((tally) => tally.count > 0)
      .flatMap((tally) => {
        let cumulative = 0;
        const lines: Sample[] = this.bounds.map((bound, i) => {
          cumulative += tally.buckets[i];
          return { labels: { le: bound, ...tally.labels }, value: cumulative, metricName: `${name}_bucket` };
        });
        lines.push(
          { labels: { le: '+Inf', ...tally.labels }, value: tally.count, metricName: `${name}_bucket` },
          { labels: { ...tally.labels }, value: tally.sum, metricName: `${name}_sum` },
          { labels: { ...tally.labels }, value: tally.count, metricName: `${name}_count` },
        );
        return lines;
      });
  }
}
