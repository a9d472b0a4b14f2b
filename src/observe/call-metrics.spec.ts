import { Counter, Histogram, Registry } from 'prom-client';
import { CallMetrics, type Transport } from './call-metrics.js';

const BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const NAMES = {
  calls: { name: 'test_calls_total', help: 'Calls answered.' },
  duration: { name: 'test_call_duration_seconds', help: 'Time to answer.', buckets: BUCKETS },
};

/** The calls a few tools answered: outcomes, and durations on, between, under and past the bounds. */
const CALLS: Array<[Transport, string, string, number]> = [
  ['mcp', 'ticket_get', 'success', 0.0003],
  ['mcp', 'ticket_get', 'success', 0.001],
  ['mcp', 'ticket_get', 'NOT_FOUND', 0.0012],
  ['rest', 'ticket_get', 'success', 0.25],
  ['mcp', 'ticket_search', 'VALIDATION_FAILED', 0],
  ['mcp', 'ticket_search', 'success', 12.5],
  ['mcp', 'unknown', 'UNKNOWN_TOOL', 0.0004],
  ['rest', 'none', 'UNAUTHENTICATED', 0.002],
  ['mcp', 'ticket_get', 'success', 0.0049],
];

/** The same metrics kept by prom-client's own Counter and Histogram, as the process kept them before. */
function promClientText(): Promise<string> {
  const registry = new Registry();
  const calls = new Counter({ ...NAMES.calls, labelNames: ['transport', 'tool', 'outcome'], registers: [registry] });
  const duration = new Histogram({ ...NAMES.duration, buckets: BUCKETS, labelNames: ['transport', 'tool'], registers: [registry] });
  for (const tool of ['ticket_get', 'ticket_search', 'project_get'])
    for (const transport of ['mcp', 'rest']) calls.inc({ transport, tool, outcome: 'success' }, 0);
  for (const [transport, tool, outcome, seconds] of CALLS) {
    calls.inc({ transport, tool, outcome });
    duration.observe({ transport, tool }, seconds);
  }
  return registry.metrics();
}

function callMetricsText(): { registry: Registry; metrics: CallMetrics } {
  const registry = new Registry();
  const metrics = new CallMetrics(registry, NAMES);
  for (const tool of ['ticket_get', 'ticket_search', 'project_get']) for (const transport of ['mcp', 'rest'] as const) metrics.zero(transport, tool, 'success');
  for (const [transport, tool, outcome, seconds] of CALLS) metrics.record(transport, tool, outcome, seconds);
  return { registry, metrics };
}

const lines = (text: string) => text.split('\n').filter(Boolean).sort();

describe('CallMetrics', () => {
  it("scrapes as the same lines prom-client's Counter and Histogram gave for the same calls", async () => {
    const { registry } = callMetricsText();
    const ours = await registry.metrics();
    expect(lines(ours)).toEqual(lines(await promClientText()));
    // What the lines say, read back: counts by outcome, cumulative buckets, +Inf, sum and count.
    expect(ours).toContain('test_calls_total{transport="mcp",tool="ticket_get",outcome="success"} 3');
    expect(ours).toContain('test_calls_total{transport="rest",tool="project_get",outcome="success"} 0');
    expect(ours).toContain('test_call_duration_seconds_bucket{le="0.001",transport="mcp",tool="ticket_get"} 2');
    expect(ours).toContain('test_call_duration_seconds_bucket{le="0.005",transport="mcp",tool="ticket_get"} 4');
    expect(ours).toContain('test_call_duration_seconds_bucket{le="10",transport="mcp",tool="ticket_search"} 1');
    expect(ours).toContain('test_call_duration_seconds_bucket{le="+Inf",transport="mcp",tool="ticket_search"} 2');
    expect(ours).toContain('test_call_duration_seconds_count{transport="mcp",tool="ticket_search"} 2');
  });

  it('shows a transport and tool in the histogram only once it answered a call', async () => {
    const { registry, metrics } = callMetricsText();
    expect(await registry.metrics()).not.toContain('tool="project_get"}');
    metrics.record('rest', 'project_get', 'success', 0.003);
    const text = await registry.metrics();
    expect(text).toContain('test_call_duration_seconds_count{transport="rest",tool="project_get"} 1');
    expect(text).not.toContain('test_call_duration_seconds_count{transport="mcp",tool="project_get"}');
  });

  it('zeroes an outcome only where it has none yet, and starts again when the registry is reset', async () => {
    const { registry, metrics } = callMetricsText();
    metrics.zero('mcp', 'ticket_get', 'success');
    expect(await registry.metrics()).toContain('test_calls_total{transport="mcp",tool="ticket_get",outcome="success"} 3');
    registry.resetMetrics();
    expect(await registry.metrics()).not.toContain('tool="ticket_get"');
    metrics.record('mcp', 'ticket_get', 'success', 0.002);
    expect(await registry.metrics()).toContain('test_calls_total{transport="mcp",tool="ticket_get",outcome="success"} 1');
  });
});
