import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { TEXT_TYPE, writeEmpty, writeWhole } from '../envelope/whole-answer.js';
import { Metrics } from './metrics.js';
import { stopTracing } from './tracing.js';

export const METRICS_PATH = '/metrics';

function pathOf(url: string | undefined): string {
  return (url ?? '').split('?')[0];
}

/**
 * GET /metrics in Prometheus' text format. Two ways to expose it, both off by default:
 * METRICS_TOKEN serves it on the main port to `Authorization: Bearer <METRICS_TOKEN>` only (a
 * separate secret: API tokens do not open it, nor it the API); METRICS_PORT serves it without a
 * token on a port of its own, for networks where only the scraper reaches that port.
 */
@Injectable()
export class MetricsEndpoint implements OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private server: Server | null = null;
  private readonly token: Buffer | null;

  constructor(
    private readonly metrics: Metrics,
    private readonly config: AppConfig,
  ) {
    this.token = config.metricsToken === null ? null : Buffer.from(`Bearer ${config.metricsToken}`);
  }

  /**
   * The main port's request listener calls this first: true when it answered the request
   * (/metrics with METRICS_TOKEN configured); false lets the request go on (404 when not configured).
   */
  readonly serveOnMainPort = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (this.token === null || pathOf(req.url) !== METRICS_PATH) return false;
    const sent = Buffer.from(req.headers.authorization ?? '');
    if (sent.length !== this.token.length || !timingSafeEqual(sent, this.token)) {
      writeWhole(res, 401, TEXT_TYPE, 'METRICS_TOKEN required\n', { 'WWW-Authenticate': 'Bearer realm="intentdesk-metrics"' });
      return true;
    }
    void this.answer(req, res);
    return true;
  };

  /** Starts the METRICS_PORT listener, when configured (HTTP servers only; stdio processes have none). */
  async start(): Promise<void> {
    if (this.config.metricsPort === null || this.server) return;
    const server = createServer((req, res) => {
      if (pathOf(req.url) !== METRICS_PATH) writeWhole(res, 404, TEXT_TYPE, 'Not found: GET /metrics\n');
      else void this.answer(req, res);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.config.metricsPort!, this.config.host, () => resolve());
    });
    this.server = server;
    this.logger.log(`metrics on http://${this.config.host}:${(server.address() as AddressInfo).port}${METRICS_PATH}`);
  }

  async onApplicationShutdown(): Promise<void> {
    // Spans still buffered are exported before the process goes.
    await stopTracing();
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      writeEmpty(res, 405, { Allow: 'GET' });
      return;
    }
    try {
      const body = await this.metrics.text();
      writeWhole(res, 200, this.metrics.registry.contentType, body);
    } catch (error) {
      this.logger.error(`metrics failed: ${error instanceof Error ? error.message : String(error)}`);
      writeEmpty(res, 500);
    }
  }
}
