import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { DbLock } from './database/db-lock.js';
import { IdempotencyStore } from './common/write/idempotency.store.js';
import { WriteUnit } from './common/write/write-unit.js';
import { Presenter } from './common/present/presenter.js';
import { AuditService } from './audit/audit.service.js';
import { AuthGuard } from './auth/auth.guard.js';
import { AuthService } from './auth/auth.service.js';
import { PrincipalLoader } from './auth/principal.loader.js';
import { CallLimits, RATE_LIMITER } from './auth/call-limits.js';
import { RateLimitGuard } from './auth/rate-limit.guard.js';
import { MemoryRateLimiter, type RateLimiter } from './auth/rate-limiter.js';
import { RedisRateLimiter } from './auth/redis-rate-limiter.js';
import { RightsGuard } from './auth/rights.guard.js';
import { TokensService } from './auth/tokens.service.js';
import { EnvelopeInterceptor } from './common/envelope/envelope.interceptor.js';
import { ToolErrorFilter } from './common/envelope/tool-error.filter.js';
import { InputPipe } from './common/input/input.pipe.js';
import { NamesCacheSubscriber } from './common/references/names-cache.subscriber.js';
import { ReferenceResolver } from './common/references/reference-resolver.js';
import { AppConfig } from './config/app-config.js';
import { ClientAddresses } from './http/client-address.js';
import { McpDispatcher } from './mcp/mcp-dispatcher.js';
import { McpHttpEndpoint } from './mcp/mcp-http.endpoint.js';
import { McpHttpProtocol } from './mcp/mcp-http.protocol.js';
import { ToolListService } from './mcp/tool-list.service.js';
import { ToolRegistry } from './mcp/tool-registry.js';
import { IntentLockGuard } from './session/intent-lock.guard.js';
import { SessionsService } from './session/sessions.service.js';

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
  SessionsService,
  AuthGuard,
  IntentLockGuard,
  RightsGuard,
  RateLimitGuard,
  InputPipe,
  EnvelopeInterceptor,
  ToolErrorFilter,
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
