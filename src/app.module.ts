import { Module, type DynamicModule, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { AdminModule } from './admin/admin.module.js';
import { AuthGuard } from './pipeline/1-auth.guard.js';
import { NoOAuthController } from './transports/http/no-oauth.controller.js';
import { OtpModule } from './session/otp/otp.module.js';
import { RateLimitGuard } from './pipeline/2-rate-limit.guard.js';
import { RightsGuard } from './pipeline/4-rights.guard.js';
import { restCallMiddleware } from './transports/rest/rest-calls.js';
import { EnvelopeInterceptor } from './pipeline/6-envelope.interceptor.js';
import { ErrorFilter } from './pipeline/7-error.filter.js';
import { InputPipe } from './pipeline/5-input.pipe.js';
import { AppConfigModule } from './config/config.module.js';
import { CoreModule } from './core.module.js';
import { DatabaseModule } from './database/database.module.js';
import { HealthController } from './health/health.controller.js';
import { OpenApiModule } from './openapi/openapi.module.js';
import { ProjectsModule } from './projects/projects.module.js';
import { ReferenceDataModule } from './reference-data/reference-data.module.js';
import { IntentLockGuard } from './pipeline/3-intent-lock.guard.js';
import { SessionModule } from './session/session.module.js';
import { TicketsModule } from './tickets/tickets.module.js';
import { UsersModule } from './users/users.module.js';

/**
 * The application. The global chain every tool call and REST route goes through, in order:
 * AuthGuard -> RateLimitGuard -> IntentLockGuard -> RightsGuard -> InputPipe -> handler ->
 * EnvelopeInterceptor / ErrorFilter. Bound with useExisting so tests can swap any of them.
 * Calls are counted right after the token check, so refused calls spend the budget too.
 */
@Module({})
export class AppModule implements NestModule {
  static forRoot(env: Record<string, string | undefined> = process.env): DynamicModule {
    return {
      module: AppModule,
      imports: [
        AppConfigModule.forRoot(env),
        DatabaseModule,
        CoreModule,
        SessionModule,
        OtpModule,
        ProjectsModule,
        TicketsModule,
        UsersModule,
        ReferenceDataModule,
        AdminModule,
        OpenApiModule,
      ],
      controllers: [HealthController, NoOAuthController],
      providers: [
        { provide: APP_GUARD, useExisting: AuthGuard },
        { provide: APP_GUARD, useExisting: RateLimitGuard },
        { provide: APP_GUARD, useExisting: IntentLockGuard },
        { provide: APP_GUARD, useExisting: RightsGuard },
        { provide: APP_PIPE, useExisting: InputPipe },
        { provide: APP_INTERCEPTOR, useExisting: EnvelopeInterceptor },
        { provide: APP_FILTER, useExisting: ErrorFilter },
      ],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(restCallMiddleware).forRoutes('*path');
  }
}
