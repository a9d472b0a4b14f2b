import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { AppConfig } from '../config/app-config.js';
import { databaseFaultKind } from '../envelope/error-mapping.js';
import { CallMetrics } from './call-metrics.js';
import { droppedLogLines } from './stderr-lines.js';
import { RING_BYTES } from './stderr-thread.js';

/** Answers the server decides on (the caller was refused), counted by kind apart from faults (UNAVAILABLE, INTERNAL). */
export const REFUSAL_KINDS: ReadonlySet<string> = new Set([
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'RATE_LIMITED',
  'INTENT_LOCKED',
  'DOMAIN_MISMATCH',
  'SESSION_NOT_FOUND',
  'VERIFICATION_REQUIRED',
  'VALIDATION_FAILED',
  'NOT_FOUND',
  'CONFLICT',
  'UNKNOWN_TOOL',
]);

/** Latency buckets in seconds: a cached read answers in well under a millisecond, a stalled write waits DB_TIMEOUT_MS. */
const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A value read when /metrics is scraped (never on the call path). */
export type Sampler = () => number | Promise<number>;

export type SampledGauge =
  'audit_buffer' | 'sessions_open' | 'db_pool_in_use' | 'db_pool_idle' | 'db_pool_waiting' | 'db_writes_waiting' | 'database_up' | 'redis_up';

/**
 * The process's Prometheus metrics (prom-client). Labels are bounded: tool names come from the
 * registry (anything else is `unknown`), outcomes are error codes, refusal kinds are REFUSAL_KINDS;
 * never a user id, a route with ids in it, or text a caller sent.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();
  private readonly tools = new Set<string>();
  private readonly samplers = new Map<SampledGauge, Sampler>();

  /** Calls answered (intentdesk_calls_total) and their durations (intentdesk_call_duration_seconds): call-metrics.ts. */
  readonly calls = new CallMetrics(this.registry, {
    calls: {
      name: 'intentdesk_calls_total',
      help: 'Calls answered, by transport, tool (none for REST routes that serve no tool) and outcome (success or the error code).',
    },
    duration: { name: 'intentdesk_call_duration_seconds', help: 'Time from a call’s arrival to its answer, by transport and tool.', buckets: DURATION_BUCKETS },
  });

  readonly refusals = new Counter({
    name: 'intentdesk_refusals_total',
    help: 'Calls refused, by kind (INTENT_LOCKED, VERIFICATION_REQUIRED, RATE_LIMITED, …).',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  readonly databaseFaults = new Counter({
    name: 'intentdesk_db_faults_total',
    help: 'Database failures answered UNAVAILABLE, by kind (timeout: lock or statement time limit; connection; busy; schema).',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  /**
   * Counts `thrown` when it is a database failure (answered UNAVAILABLE); anything else is not
   * counted here. Called wherever a thrown error becomes an answer: the error filter, and the token
   * check that /mcp answers before any call runs.
   */
  countFault(thrown: unknown): void {
    const kind = databaseFaultKind(thrown);
    if (kind) this.databaseFaults.inc({ kind });
  }

  readonly otp = new Counter({
    name: 'intentdesk_otp_events_total',
    help: 'One-time codes: sent, verified, wrong, locked (a session or user locked out by wrong codes).',
    labelNames: ['event'] as const,
    registers: [this.registry],
  });

  readonly auditWriteFailures = new Counter({
    name: 'intentdesk_audit_write_failures_total',
    help: 'Batches of audit entries whose write failed (they are kept and retried).',
    registers: [this.registry],
  });

  constructor(config: AppConfig) {
    // Counted where the lines are written (observe/stderr-thread.ts, observe/stderr-file.ts), read at every scrape.
    new Counter({
      name: 'intentdesk_log_lines_dropped_total',
      help: `JSON log lines dropped because stderr was not read (${RING_BYTES / 1024 / 1024} MiB of lines were waiting for it already) or refused them (a full disk).`,
      registers: [this.registry],
      collect() {
        this.reset();
        this.inc(droppedLogLines());
      },
    });
    this.sampled('audit_buffer', 'intentdesk_audit_buffer_entries', 'Audit entries waiting to be written.');
    this.sampled('sessions_open', 'intentdesk_sessions_open', 'MCP sessions neither ended nor expired (all replicas).');
    this.sampled('db_pool_in_use', 'intentdesk_db_pool_connections_in_use', 'Database connections lent out (MySQL/MariaDB pool).');
    this.sampled('db_pool_idle', 'intentdesk_db_pool_connections_idle', 'Database connections open and free (MySQL/MariaDB pool).');
    this.sampled('db_pool_waiting', 'intentdesk_db_pool_waiting', 'Callers waiting for a database connection (MySQL/MariaDB pool).');
    this.sampled('db_writes_waiting', 'intentdesk_db_writes_waiting', 'Write transactions waiting for their turn (DbLock).');
    this.sampled('database_up', 'intentdesk_database_up', '1 when the database answered the readiness check at this scrape, else 0.');
    // Only with Redis configured: an unlabelled gauge always shows a value, and 0 would read as Redis down.
    if (config.redisUrl) this.sampled('redis_up', 'intentdesk_redis_up', '1 when Redis answered a ping at this scrape, else 0.');
    collectDefaultMetrics({ register: this.registry, prefix: 'intentdesk_' });
    for (const outcome of REFUSAL_KINDS) this.refusals.inc({ kind: outcome }, 0);
  }

  /** The registry's tool names: the only ones used as labels. Each starts at 0, so rate() sees its first call. */
  knowTools(names: Iterable<string>): void {
    for (const name of names) {
      this.tools.add(name);
      for (const transport of ['mcp', 'rest'] as const) this.calls.zero(transport, name, 'success');
    }
  }

  /** A tool's label: its name when it is a registered tool, `none` for no tool, `unknown` for a name a caller made up. */
  toolLabel(tool: string | null): string {
    if (tool === null) return 'none';
    return this.tools.has(tool) ? tool : 'unknown';
  }

  /** Reads `gauge` from `sampler` at every scrape. */
  sample(gauge: SampledGauge, sampler: Sampler): void {
    this.samplers.set(gauge, sampler);
  }

  /** The Prometheus text exposition. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  private sampled(key: SampledGauge, name: string, help: string): void {
    const samplers = this.samplers;
    new Gauge({
      name,
      help,
      registers: [this.registry],
      async collect() {
        const sampler = samplers.get(key);
        if (!sampler) return;
        try {
          this.set(await sampler());
        } catch {
          // A scrape must not fail because one source (the database) cannot answer: the gauge keeps its last value.
        }
      },
    });
  }
}
