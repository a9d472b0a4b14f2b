import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { Public } from '../auth/public.decorator.js';
import type { JsonSchema } from '../common/input/json-schema.js';
import { Doc, DocTag } from '../openapi/route-doc.decorator.js';

/** These answers are not envelopes: load balancers read them. */
const readiness = (status: string, database: string): JsonSchema => ({
  type: 'object',
  required: ['status', 'database'],
  properties: { status: { const: status }, database: { const: database } },
});

/** Liveness (the process answers) and readiness (the database answers), for load balancers. */
@DocTag('health', 'For load balancers and orchestrators; no token.')
@Controller()
@Public()
export class HealthController {
  constructor(private readonly dataSource: DataSource) {}

  @Get('health')
  @Doc({ summary: 'Liveness', description: 'The process answers.', responses: { 200: { description: 'Alive.', schema: { type: 'object', required: ['status'], properties: { status: { const: 'ok' } } } } } })
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  @Doc({
    summary: 'Readiness',
    description: 'The database answers (within 2 s).',
    responses: {
      200: { description: 'Ready.', schema: readiness('ready', 'up') },
      503: { description: 'The database does not answer.', schema: readiness('unavailable', 'down'), headers: ['Retry-After'] },
    },
  })
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
