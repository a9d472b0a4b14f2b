import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { RATE_LIMITER } from '../auth/call-limits.js';
import type { RateLimiter } from '../auth/rate-limiter.js';
import { AppConfig } from '../config/app-config.js';
import { schemaPresent } from '../database/schema-probe.js';
import { Metrics } from '../observe/metrics.js';

/** How long readiness waits for each dependency. */
export const READY_TIMEOUT_MS = 2000;

export interface DependencyCheck {
  status: 'up' | 'down';
  latency_ms: number;
  /** Why it is down (never a credential or a path). */
  reason?: string;
}

export interface AuditCheck {
  status: 'up' | 'stalled';
  /** Entries waiting to be written, and how long the oldest has waited. */
  buffered: number;
  oldest_ms: number;
  reason?: string;
}

export interface ReadinessReport {
  ready: boolean;
  /** The former one-word answer, kept for existing probes: up, down or schema missing. */
  database: 'up' | 'down' | 'schema missing';
  checks: { database: DependencyCheck; redis?: DependencyCheck; audit: AuditCheck };
}

function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  // Driver messages can name hosts and users; one short line is enough to act on.
  return text.replace(/\/\/[^@\s]*@/g, '//').slice(0, 160);
}

async function timed(work: () => Promise<void>): Promise<DependencyCheck> {
  const started = performance.now();
  const latency = (): number => Math.round((performance.now() - started) * 10) / 10;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      work(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
      }),
    ]);
    return { status: 'up', latency_ms: latency() };
  } catch (error) {
    return { status: 'down', latency_ms: latency(), reason: reasonOf(error) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What this replica can serve. It is not ready without its database (it answers nothing without it)
 * or with an audit log that cannot drain (calls would go unrecorded). Redis trouble is reported but
 * leaves it ready: rate limits then answer UNAVAILABLE per call (docs/deployment.md), the same on
 * every replica, so taking replicas out would not route around it.
 */
@Injectable()
export class Readiness {
  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly config: AppConfig,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    metrics: Metrics,
  ) {
    // The same checks, as gauges: alerts see a database or Redis down without probing /ready.
    metrics.sample('database_up', async () => ((await this.database()).check.status === 'up' ? 1 : 0));
    if (limiter.ping) metrics.sample('redis_up', async () => ((await this.redis())?.status === 'up' ? 1 : 0));
  }

  async report(): Promise<ReadinessReport> {
    const [{ check: database, schemaMissing }, redis] = await Promise.all([this.database(), this.redis()]);
    const audit = this.auditCheck();
    return {
      ready: database.status === 'up' && audit.status === 'up',
      database: database.status === 'up' ? 'up' : schemaMissing ? 'schema missing' : 'down',
      checks: { database, ...(redis ? { redis } : {}), audit },
    };
  }

  private async database(): Promise<{ check: DependencyCheck; schemaMissing: boolean }> {
    let schemaMissing = false;
    const check = await timed(async () => {
      if (!this.dataSource.isInitialized) throw new Error('not connected');
      if (!(await schemaPresent(this.dataSource))) {
        schemaMissing = true;
        throw new Error('schema missing: a table of the schema is not there');
      }
    });
    return { check, schemaMissing };
  }

  private redis(): Promise<DependencyCheck | undefined> {
    const ping = this.limiter.ping?.bind(this.limiter);
    return ping ? timed(ping) : Promise.resolve(undefined);
  }

  private auditCheck(): AuditCheck {
    const { entries, oldestMs } = this.audit.backlog();
    const base = { buffered: entries, oldest_ms: Math.round(oldestMs) };
    if (entries > 0 && oldestMs > this.config.readyAuditStallMs) {
      return { status: 'stalled', ...base, reason: `audit entries wait longer than ${this.config.readyAuditStallMs} ms to be written` };
    }
    return { status: 'up', ...base };
  }
}
