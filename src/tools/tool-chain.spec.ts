import {
  type ArgumentsHost,
  type CallHandler,
  type CanActivate,
  Catch,
  type ExceptionFilter,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, DiscoveryModule } from '@nestjs/core';
import { Test, type TestingModule } from '@nestjs/testing';
import { map, type Observable, of } from 'rxjs';
import { AppConfig } from '../config/app-config.js';
import type { Outcome } from '../envelope/envelope.js';
import { McpTextField } from '../input/fields.js';
import type { Call } from './call.js';
import { RawInput } from './raw-input.js';
import { Tool } from './tool.decorator.js';
import type { PromiseInterceptor } from './tool-chain.js';
import { ToolRegistry } from './tool-registry.js';

class EchoDto {
  @McpTextField({ required: true, description: 'Session id.' })
  session_id!: string;
}

const steps: string[] = [];

@Injectable()
class EchoService {
  @Tool({ name: 'project_echo', domain: 'project', access: 'read', title: 'Echo', summary: 'Echoes.', example: {}, input: EchoDto })
  async echo(input: EchoDto, call: Call): Promise<Outcome> {
    steps.push(`method ${input instanceof RawInput ? 'RawInput' : typeof input} ${call.tool}`);
    return { message: 'echo' };
  }
}

/** Answers as a promise or an observable, as a guard may. */
@Injectable()
class DeferredGuard implements CanActivate {
  answer: 'promise-true' | 'promise-false' | 'observable-true' | 'observable-false' = 'promise-true';

  canActivate(): Promise<boolean> | Observable<boolean> {
    steps.push('guard');
    if (this.answer.startsWith('promise')) return Promise.resolve(this.answer === 'promise-true');
    return of(this.answer === 'observable-true');
  }
}

/** The outer interceptor answers a promise of its observable; the inner one an observable. */
@Injectable()
class OuterInterceptor implements NestInterceptor {
  async intercept(_context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    steps.push('outer');
    return next.handle().pipe(map((result) => ({ outer: result })));
  }
}

@Injectable()
class InnerInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    steps.push(`inner ${context.getType()}`);
    return next.handle().pipe(map((result) => ({ inner: result })));
  }
}

@Catch()
class RecordingFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): unknown {
    steps.push(`filter ${host.getType()}`);
    return { caught: exception instanceof Error ? exception.message : String(exception) };
  }
}

describe('toolChain (a tool behind its enhancers)', () => {
  let moduleRef: TestingModule;
  let registry: ToolRegistry;
  let guard: DeferredGuard;

  beforeAll(async () => {
    moduleRef = await Test.createTestingModule({
      imports: [DiscoveryModule],
      providers: [
        EchoService,
        ToolRegistry,
        DeferredGuard,
        OuterInterceptor,
        InnerInterceptor,
        RecordingFilter,
        { provide: APP_GUARD, useExisting: DeferredGuard },
        { provide: APP_INTERCEPTOR, useExisting: OuterInterceptor },
        { provide: APP_INTERCEPTOR, useExisting: InnerInterceptor },
        { provide: APP_FILTER, useExisting: RecordingFilter },
        { provide: AppConfig, useValue: { defaultTimezone: 'UTC', otpRequiredFor: 'write', approvalRequiredFor: 'none' } },
      ],
    }).compile();
    await moduleRef.init();
    registry = moduleRef.get(ToolRegistry);
    guard = moduleRef.get(DeferredGuard);
  });
  afterAll(async () => {
    await moduleRef?.close();
  });
  beforeEach(() => {
    steps.length = 0;
  });

  function call(): Promise<unknown> {
    const tool = registry.get('project_echo')!;
    return tool.handler({ session_id: 's' }, { tool: 'project_echo', policy: tool.policy } as unknown as Call);
  }

  it.each(['promise-true', 'observable-true'] as const)(
    'awaits a guard that answers %s, then runs the interceptors in order around the method',
    async (answer) => {
      guard.answer = answer;
      await expect(call()).resolves.toEqual({ outer: { inner: { message: 'echo' } } });
      // No global pipe here: the method gets the raw input, wrapped for a pipe, and its call.
      expect(steps).toEqual(['guard', 'outer', 'inner mcp', 'method RawInput project_echo']);
    },
  );

  it.each(['promise-false', 'observable-false'] as const)(
    'refuses when a guard answers %s: the filter gets Forbidden, the method does not run',
    async (answer) => {
      guard.answer = answer;
      await expect(call()).resolves.toEqual({ caught: 'Forbidden resource' });
      expect(steps).toEqual(['guard', 'filter mcp']);
    },
  );
});

/** Interceptors that offer both forms, and say which one ran. */
@Injectable()
class DualOuter implements NestInterceptor, PromiseInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    steps.push('outer observable');
    return next.handle().pipe(map((result) => ({ outer: result })));
  }

  async interceptPromise(_context: ExecutionContext, next: () => Promise<unknown>): Promise<unknown> {
    steps.push('outer promise');
    return { outer: await next() };
  }
}

@Injectable()
class DualInner implements NestInterceptor, PromiseInterceptor {
  failing = false;

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    steps.push('inner observable');
    return next.handle().pipe(map((result) => ({ inner: result })));
  }

  async interceptPromise(context: ExecutionContext, next: () => Promise<unknown>): Promise<unknown> {
    steps.push(`inner promise ${context.getType()}`);
    const result = await next();
    if (this.failing) throw new Error('inner failed');
    return { inner: result };
  }
}

describe('toolChain with interceptors that offer the promise form', () => {
  async function chainOf(interceptors: Array<new () => NestInterceptor>): Promise<{ moduleRef: TestingModule; call: () => Promise<unknown> }> {
    const moduleRef = await Test.createTestingModule({
      imports: [DiscoveryModule],
      providers: [
        EchoService,
        ToolRegistry,
        RecordingFilter,
        ...interceptors,
        ...interceptors.map((useExisting) => ({ provide: APP_INTERCEPTOR, useExisting })),
        { provide: APP_FILTER, useExisting: RecordingFilter },
        { provide: AppConfig, useValue: { defaultTimezone: 'UTC', otpRequiredFor: 'write', approvalRequiredFor: 'none' } },
      ],
    }).compile();
    await moduleRef.init();
    const tool = moduleRef.get(ToolRegistry).get('project_echo')!;
    return { moduleRef, call: () => tool.handler({ session_id: 's' }, { tool: 'project_echo', policy: tool.policy } as unknown as Call) };
  }

  beforeEach(() => {
    steps.length = 0;
  });

  it('runs them around the method as promises, in order, when every interceptor offers it', async () => {
    const { moduleRef, call } = await chainOf([DualOuter, DualInner]);
    await expect(call()).resolves.toEqual({ outer: { inner: { message: 'echo' } } });
    expect(steps).toEqual(['outer promise', 'inner promise mcp', 'method RawInput project_echo']);
    steps.length = 0;
    moduleRef.get(DualInner).failing = true;
    await expect(call()).resolves.toEqual({ caught: 'inner failed' });
    expect(steps).toEqual(['outer promise', 'inner promise mcp', 'method RawInput project_echo', 'filter mcp']);
    await moduleRef.close();
  });

  it('runs every interceptor as an observable when one of them has no promise form', async () => {
    const { moduleRef, call } = await chainOf([DualOuter, InnerInterceptor]);
    await expect(call()).resolves.toEqual({ outer: { inner: { message: 'echo' } } });
    expect(steps).toEqual(['outer observable', 'inner mcp', 'method RawInput project_echo']);
    await moduleRef.close();
  });
});
