import { Global, Module } from '@nestjs/common';
import { CallObserver } from './call-observer.js';
import { DatabaseGauges } from './database-gauges.js';
import { MetricsEndpoint } from './metrics.endpoint.js';
import { Metrics } from './metrics.js';

/** Metrics and the end-of-call report, for every module; /metrics per METRICS_TOKEN / METRICS_PORT. */
@Global()
@Module({ providers: [Metrics, CallObserver, MetricsEndpoint, DatabaseGauges], exports: [Metrics, CallObserver, MetricsEndpoint] })
export class ObserveModule {}
