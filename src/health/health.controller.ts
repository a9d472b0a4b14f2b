import { Controller, Get, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { Public } from '../auth/public.decorator.js';
import { schemaPresent } from '../database/schema-probe.js';

/** How long readiness waits for the database. */
const READY_TIMEOUT_MS = 2000;

/**
 * Liveness (the process answers) and readiness (the database answers and has its schema), for load
 * balancers. A locked table leaves readiness alone: every replica shares the database, so taking
 * them out for it would stop the whole service, not route around a fault.
 */
@ApiTags('health')
@Controller()
@Public()
export class HealthController {
  constructor(private readonly dataSource: DataSource) {}

  @Get('health')
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  async ready(@Res() res: Response): Promise<void> {
    try {
      if (!this.dataSource.isInitialized) throw new Error('not initialized');
      const present = await Promise.race([
        schemaPresent(this.dataSource),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS).unref()),
      ]);
      if (!present) {
        res.setHeader('Retry-After', '5');
        res.status(503).json({ status: 'unavailable', database: 'schema missing' });
        return;
      }
      res.status(200).json({ status: 'ready', database: 'up' });
    } catch {
      res.setHeader('Retry-After', '5');
      res.status(503).json({ status: 'unavailable', database: 'down' });
    }
  }
}
