import { Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { AssignmentsRepository } from './assignments.repository.js';
import { AuthService } from './auth.service.js';
import { CallLimits, RATE_LIMITER } from './call-limits.js';
import { ExternalTokens } from './external-tokens.js';
import { PrincipalLoader } from './principal.loader.js';
import { MemoryRateLimiter, type RateLimiter } from './rate-limiter.js';
import { SignInService } from './sign-in.service.js';
import { TokensService } from './tokens.service.js';

/** Who calls and how much: tokens, sign-in, principals (profiles, rights, visible entities), per-minute budgets. */
@Module({
  providers: [
    AuthService,
    AssignmentsRepository,
    PrincipalLoader,
    TokensService,
    SignInService,
    ExternalTokens,
    CallLimits,
    {
      provide: RATE_LIMITER,
      inject: [AppConfig],
      // The Redis client is loaded only when REDIS_URL is set.
      useFactory: async (config: AppConfig): Promise<RateLimiter> => {
        if (!config.redisUrl) return new MemoryRateLimiter();
        const { RedisRateLimiter } = await import('./redis-rate-limiter.js');
        return new RedisRateLimiter(config.redisUrl);
      },
    },
  ],
  exports: [AuthService, AssignmentsRepository, PrincipalLoader, TokensService, SignInService, CallLimits, RATE_LIMITER],
})
export class AuthModule {}
