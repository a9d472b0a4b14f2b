import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { Public } from '../auth/public.decorator.js';
import { schemaPresent } from '../database/schema-probe.js';
import type { JsonSchema } from '../input/json-schema.js';
import { Doc, DocTag } from '../transports/rest/route-doc.decorator.js';

/** How long readiness waits for the database. */
const READY_TIMEOUT_MS = 2000;

/** These answers are not envelopes: load balancers read them. */
const readiness = (status: string, database: JsonSchema): JsonSchema => ({
  type: 'object',
  required: ['status', 'database'],
  properties: { status: { const: status }, database },
});

/**
 * Liveness (the process answers) and readiness (the database answers and has its schema), for load
 * balancers. A locked table leaves readiness alone: every replica shares the database, so taking
 * them out for it would stop the whole service, not route around a fault.
 */
@DocTag('health', 'For load balancers and orchestrators; no token.')
@Controller()
@Public()
export class HealthController {
  constructor(private readonly dataSource: DataSource) {}

  @Get('health')
  @Doc({
    summary: 'Liveness',
    description: 'The process answers.',
    responses: { 200: { description: 'Alive.', schema: { type: 'object', required: ['status'], properties: { status: { const: 'ok' } } } } },
  })
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  @Doc({
    summary: 'Readiness',
    description: 'The database answers (within 2 s) and has its schema. A locked table does not make it fail.',
    responses: {
      200: { description: 'Ready.', schema: readiness('ready', { const: 'up' }) },
      503: {
        description: 'The database does not answer, or its schema is missing.',
        schema: readiness('unavailable', { enum: ['down', 'schema missing'] }),
        headers: ['Retry-After'],
      },
    },
  })
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
