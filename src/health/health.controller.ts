import { Controller, Get, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { Public } from '../auth/public.decorator.js';

/** Liveness (the process answers) and readiness (the database answers), for load balancers. */
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
      await Promise.race([
        this.dataSource.query('SELECT 1'),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref()),
      ]);
      res.status(200).json({ status: 'ready', database: 'up' });
    } catch {
      res.setHeader('Retry-After', '5');
      res.status(503).json({ status: 'unavailable', database: 'down' });
    }
  }
}
