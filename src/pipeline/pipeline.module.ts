import { Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { AuditModule } from '../audit/audit.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { InputModule } from '../input/input.module.js';
import { SessionModule } from '../session/session.module.js';
import { TransportsModule } from '../transports/transports.module.js';
import { AuthGuard } from './1-auth.guard.js';
import { RateLimitGuard } from './2-rate-limit.guard.js';
import { IntentLockGuard } from './3-intent-lock.guard.js';
import { RightsGuard } from './4-rights.guard.js';
import { InputPipe } from './5-input.pipe.js';
import { EnvelopeInterceptor } from './6-envelope.interceptor.js';
import { ErrorFilter } from './7-error.filter.js';

const STEPS = [AuthGuard, RateLimitGuard, IntentLockGuard, RightsGuard, InputPipe, EnvelopeInterceptor, ErrorFilter];

/**
 * The chain every tool call and REST route goes through, in order (the files are numbered so):
 * token check -> rate count -> intent lock -> rights -> input pipe -> service -> envelope / error.
 * Bound globally with useExisting, so tests can swap any step.
 */
@Module({
  imports: [AuthModule, TransportsModule, SessionModule, InputModule, AuditModule],
  providers: [
    ...STEPS,
    { provide: APP_GUARD, useExisting: AuthGuard },
    { provide: APP_GUARD, useExisting: RateLimitGuard },
    { provide: APP_GUARD, useExisting: IntentLockGuard },
    { provide: APP_GUARD, useExisting: RightsGuard },
    { provide: APP_PIPE, useExisting: InputPipe },
    { provide: APP_INTERCEPTOR, useExisting: EnvelopeInterceptor },
    { provide: APP_FILTER, useExisting: ErrorFilter },
  ],
})
export class PipelineModule {}
