import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { dateParam } from '../database/db-dates.js';
import { DbLock } from '../database/db-lock.js';
import { Metrics } from './metrics.js';

/** The parts of mysql2's pool its public API does not count (stable across mysql2 2.x–3.x). */
interface PoolInternals {
  _allConnections?: { length: number };
  _freeConnections?: { length: number };
  _connectionQueue?: { length: number };
}

/** The database's gauges, read when /metrics is scraped: pool use, writes waiting, sessions open. */
@Injectable()
export class DatabaseGauges implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly lock: DbLock,
    private readonly metrics: Metrics,
  ) {}

  onModuleInit(): void {
    const pool = (): PoolInternals | undefined => (this.dataSource.driver as unknown as { pool?: PoolInternals }).pool;
    const all = (): number => pool()?._allConnections?.length ?? 0;
    const idle = (): number => pool()?._freeConnections?.length ?? 0;
    this.metrics.sample('db_pool_in_use', () => all() - idle());
    this.metrics.sample('db_pool_idle', idle);
    this.metrics.sample('db_pool_waiting', () => pool()?._connectionQueue?.length ?? 0);
    this.metrics.sample('db_writes_waiting', () => this.lock.waiting);
    this.metrics.sample('sessions_open', () => this.openSessions());
  }

  private async openSessions(): Promise<number> {
    if (!this.dataSource.isInitialized) throw new Error('database not connected');
    const sqlite = this.dataSource.options.type === 'better-sqlite3';
    const rows = (await this.dataSource.query('SELECT COUNT(*) AS n FROM mcp_sessions WHERE ended_at IS NULL AND expires_at > ?', [
      dateParam(new Date(), sqlite),
    ])) as Array<{ n: number | string }>;
    return Number(rows[0]?.n ?? 0);
  }
}
