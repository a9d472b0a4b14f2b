import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '../auth/public.decorator.js';
import type { JsonSchema } from '../input/json-schema.js';
import { Doc, DocTag } from '../transports/rest/route-doc.decorator.js';
import { Readiness } from './readiness.js';

const CHECK: JsonSchema = {
  type: 'object',
  required: ['status', 'latency_ms'],
  properties: { status: { enum: ['up', 'down'] }, latency_ms: { type: 'number' }, reason: { type: 'string' } },
};

/** These answers are not envelopes: load balancers read them. */
const readiness = (status: string, database: JsonSchema): JsonSchema => ({
  type: 'object',
  required: ['status', 'database', 'checks'],
  properties: {
    status: { const: status },
    database,
    checks: {
      type: 'object',
      required: ['database', 'audit'],
      properties: {
        database: CHECK,
        redis: { ...CHECK, description: 'Only when REDIS_URL is set. Down does not make the replica unready.' },
        audit: {
          type: 'object',
          required: ['status', 'buffered', 'oldest_ms'],
          properties: { status: { enum: ['up', 'stalled'] }, buffered: { type: 'integer' }, oldest_ms: { type: 'number' }, reason: { type: 'string' } },
        },
      },
    },
  },
});

/**
 * Liveness (the process answers) and readiness (health/readiness.ts: the database answers and has its
 * schema, the audit log drains; Redis reported), for load balancers. A locked table leaves readiness
 * alone: every replica shares the database, so taking them out for it would stop the whole service,
 * not route around a fault.
 */
@DocTag('health', 'For load balancers and orchestrators; no token.')
@Controller()
@Public()
export class HealthController {
  constructor(private readonly readiness: Readiness) {}

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
    description:
      'Each dependency with its latency: the database (answers within 2 s and has its schema), Redis when configured, and the audit log backlog. 503 when the database is down or the audit log cannot drain; Redis trouble is reported and leaves it 200. A locked table does not make it fail.',
    responses: {
      200: { description: 'Ready.', schema: readiness('ready', { const: 'up' }) },
      503: {
        description: 'The database does not answer or its schema is missing, or audit entries cannot be written.',
        schema: readiness('unavailable', { enum: ['up', 'down', 'schema missing'] }),
        headers: ['Retry-After'],
      },
    },
  })
  async ready(@Res() res: Response): Promise<void> {
    const report = await this.readiness.report();
    if (!report.ready) res.setHeader('Retry-After', '5');
    res.status(report.ready ? 200 : 503).json({ status: report.ready ? 'ready' : 'unavailable', database: report.database, checks: report.checks });
  }
}
