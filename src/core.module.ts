import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { DbLock } from './database/db-lock.js';
import { IdempotencyStore } from './writes/idempotency.store.js';
import { WriteUnit } from './writes/write-unit.js';
import { Presenter } from './present/presenter.js';
import { AuditService } from './audit/audit.service.js';
import { AuthGuard } from './pipeline/1-auth.guard.js';
import { AuthService } from './auth/auth.service.js';
import { PrincipalLoader } from './auth/principal.loader.js';
import { CallLimits, RATE_LIMITER } from './auth/call-limits.js';
import { RateLimitGuard } from './pipeline/2-rate-limit.guard.js';
import { MemoryRateLimiter, type RateLimiter } from './auth/rate-limiter.js';
import { RedisRateLimiter } from './auth/redis-rate-limiter.js';
import { RightsGuard } from './pipeline/4-rights.guard.js';
import { TokensService } from './auth/tokens.service.js';
import { EnvelopeInterceptor } from './pipeline/6-envelope.interceptor.js';
import { ErrorFilter } from './pipeline/7-error.filter.js';
import { InputPipe } from './pipeline/5-input.pipe.js';
import { NamesCacheSubscriber } from './input/references/names-cache.subscriber.js';
import { ReferenceResolver } from './input/references/reference-resolver.js';
import { AppConfig } from './config/app-config.js';
import { ClientAddresses } from './transports/http/client-address.js';
import { McpDispatcher } from './transports/mcp/mcp-dispatcher.js';
import { McpHttpEndpoint } from './transports/mcp/mcp-http.endpoint.js';
import { McpHttpProtocol } from './transports/mcp/mcp-http.protocol.js';
import { ToolListService } from './tools/tool-list.service.js';
import { ToolRegistry } from './tools/tool-registry.js';
import { IntentLockGuard } from './pipeline/3-intent-lock.guard.js';
import { RestCalls } from './transports/rest/rest-calls.js';
import { SessionsRepository } from './session/sessions.repository.js';

const SHARED = [
  DbLock,
  IdempotencyStore,
  WriteUnit,
  Presenter,
  AuditService,
  AuthService,
  CallLimits,
  ClientAddresses,
  PrincipalLoader,
  TokensService,
  ReferenceResolver,
  NamesCacheSubscriber,
  ToolRegistry,
  ToolListService,
  McpDispatcher,
  McpHttpProtocol,
  McpHttpEndpoint,
  RestCalls,
  SessionsRepository,
  AuthGuard,
  IntentLockGuard,
  RightsGuard,
  RateLimitGuard,
  InputPipe,
  EnvelopeInterceptor,
  ErrorFilter,
];

/** Services every module uses, and the enhancers of the global chain (bound with APP_* in AppModule). */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [
    ...SHARED,
    {
      provide: RATE_LIMITER,
      inject: [AppConfig],
      useFactory: (config: AppConfig): RateLimiter => (config.redisUrl ? new RedisRateLimiter(config.redisUrl) : new MemoryRateLimiter()),
    },
  ],
  exports: [...SHARED, RATE_LIMITER],
})
export class CoreModule {}
