import { jest } from '@jest/globals';
import { type CanActivate, type ExecutionContext, Injectable, type Provider, type Type } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, APP_PIPE, DiscoveryModule } from '@nestjs/core';
import { Test, type TestingModule } from '@nestjs/testing';
import { AuditService } from '../audit/audit.service.js';
import type { Principal } from '../auth/principal.js';
import { AppConfig } from '../config/app-config.js';
import { DeskError } from '../envelope/desk-error.js';
import type { Envelope, ErrorEnvelope, Outcome, SuccessEnvelope } from '../envelope/envelope.js';
import { IntField, McpTextField, TextField } from '../input/fields.js';
import { ReferenceResolver } from '../input/references/reference-resolver.js';
import { CallObserver } from '../observe/call-observer.js';
import { Metrics } from '../observe/metrics.js';
import { InputPipe } from '../pipeline/5-input.pipe.js';
import { EnvelopeInterceptor } from '../pipeline/6-envelope.interceptor.js';
import { ErrorFilter } from '../pipeline/7-error.filter.js';
import type { Call } from './call.js';
import { Tool } from './tool.decorator.js';
import type { ToolDeclaration } from './tool-policy.js';
import { ToolRegistry } from './tool-registry.js';

class PingDto {
  @McpTextField({ required: true, description: 'Session id.' })
  session_id!: string;

  @TextField({ maxLength: 20, description: 'Text to echo.' })
  text?: string;

  @IntField({ min: 1, max: 5, unit: 'times', description: 'Repetitions.' })
  times?: number;
}

function pingTool(name: string, overrides: Partial<ToolDeclaration> = {}): ToolDeclaration {
  return { name, domain: 'project', access: 'read', title: 'Ping', summary: 'Echoes its input.', example: { text: 'hi' }, input: PingDto, ...overrides };
}

const PRINCIPAL: Principal = {
  userId: 1,
  login: 'glpi',
  displayName: 'glpi',
  tokenId: 1,
  scopes: ['mcp'],
  timezone: null,
  language: null,
  assignments: [],
  defaultEntityId: 1,
  scope: { entityIds: [1], ancestorIds: [] },
  rights: { project: ['read'], ticket: [], user: [], ticket_scope: 'all', admin: false },
};

@Injectable()
class PingService {
  readonly received: unknown[] = [];

  @Tool(pingTool('project_ping'))
  async ping(input: PingDto): Promise<Outcome> {
    this.received.push(input);
    return { message: 'pong', data: { text: input.text ?? null } };
  }
}

/** A global guard that records every activation and refuses on demand. */
@Injectable()
class RecordingGuard implements CanActivate {
  refuse: 'no' | 'throw' | 'deny' = 'no';
  readonly seen: Array<{ type: string; tool: string | undefined; args: unknown }> = [];

  canActivate(context: ExecutionContext): boolean {
    this.seen.push({ type: context.getType<string>(), tool: context.getArgByIndex<Call>(1).tool ?? undefined, args: context.getArgByIndex<unknown>(0) });
    if (this.refuse === 'throw') throw new DeskError('FORBIDDEN', 'Refused by the test guard.');
    return this.refuse === 'no';
  }
}

const recordCall = jest.fn<AuditService['recordCall']>();
const recordRefusal = jest.fn<AuditService['recordRefusal']>();

function compile(services: Type<object>[]): Promise<TestingModule> {
  const config: Pick<AppConfig, 'defaultTimezone' | 'otpRequiredFor' | 'approvalRequiredFor'> = {
    defaultTimezone: 'UTC',
    otpRequiredFor: 'write',
    approvalRequiredFor: 'none',
  };
  const providers: Provider[] = [
    ...services,
    ToolRegistry,
    RecordingGuard,
    InputPipe,
    EnvelopeInterceptor,
    ErrorFilter,
    { provide: APP_GUARD, useExisting: RecordingGuard },
    { provide: APP_PIPE, useExisting: InputPipe },
    { provide: APP_INTERCEPTOR, useExisting: EnvelopeInterceptor },
    { provide: APP_FILTER, useExisting: ErrorFilter },
    { provide: AuditService, useValue: { recordCall, recordRefusal } },
    Metrics,
    CallObserver,
    { provide: ReferenceResolver, useValue: { resolve: jest.fn() } },
    { provide: AppConfig, useValue: config },
  ];
  return Test.createTestingModule({ imports: [DiscoveryModule], providers }).compile();
}

/** Compiles and initializes a module with `services`; resolves to the init error, if any. */
async function initError(services: Type<object>[]): Promise<unknown> {
  const moduleRef = await compile(services);
  try {
    await moduleRef.init();
    return undefined;
  } catch (error) {
    return error;
  } finally {
    await moduleRef.close().catch(() => undefined);
  }
}

describe('ToolRegistry', () => {
  let moduleRef: TestingModule;
  let registry: ToolRegistry;
  let guard: RecordingGuard;
  let service: PingService;

  beforeAll(async () => {
    moduleRef = await compile([PingService]);
    await moduleRef.init();
    registry = moduleRef.get(ToolRegistry);
    guard = moduleRef.get(RecordingGuard);
    service = moduleRef.get(PingService);
  });
  afterAll(async () => {
    await moduleRef?.close();
  });
  beforeEach(() => {
    guard.refuse = 'no';
    guard.seen.length = 0;
    service.received.length = 0;
    recordCall.mockClear();
    recordRefusal.mockClear();
  });

  function call(args: Record<string, unknown>): Promise<Envelope> {
    const tool = registry.get('project_ping');
    if (!tool) throw new Error('project_ping is not registered');
    const call: Call = {
      transport: 'mcp',
      requestId: 'req_test',
      startedAt: performance.now(),
      tool: 'project_ping',
      route: null,
      domain: 'project',
      principal: PRINCIPAL,
      policy: tool.policy,
      sessionId: 'ses_test',
      zone: 'UTC',
    };
    return tool.handler(args, call);
  }

  it('finds the decorated method at boot and puts it in the catalogue', () => {
    expect(registry.all().map((t) => t.policy.name)).toEqual(['project_ping']);
    expect(moduleRef.get(ToolRegistry).policy('project_ping')).toMatchObject({ name: 'project_ping', domain: 'project', input: PingDto });
  });

  it('runs the global guard, then the input pipe, then the method, and wraps the result in the envelope', async () => {
    const args = { domain: 'project', session_id: 'ses_test', text: '  hi  ' };
    const envelope = (await call(args)) as SuccessEnvelope;

    expect(guard.seen).toEqual([{ type: 'mcp', tool: 'project_ping', args }]);
    // The guard saw the raw arguments; the method got the DTO the pipe built (text trimmed).
    expect(service.received).toHaveLength(1);
    expect(service.received[0]).toBeInstanceOf(PingDto);
    expect(service.received[0]).toMatchObject({ domain: 'project', session_id: 'ses_test', text: 'hi' });
    expect(envelope).toEqual({ status: 'success', domain: 'project', tool: 'project_ping', session_id: 'ses_test', message: 'pong', data: { text: 'hi' } });
    expect(recordCall).toHaveBeenCalledWith(expect.objectContaining({ tool: 'project_ping' }), 'success', expect.anything());
  });

  it('stops the call when the guard throws, and answers with its error envelope', async () => {
    guard.refuse = 'throw';
    const envelope = (await call({ domain: 'project', session_id: 'ses_test' })) as ErrorEnvelope;
    expect(guard.seen).toHaveLength(1);
    expect(service.received).toEqual([]);
    expect(envelope).toMatchObject({
      status: 'error',
      tool: 'project_ping',
      error: { code: 'FORBIDDEN', message: 'Refused by the test guard.', retryable: false },
    });
    expect(recordRefusal).toHaveBeenCalledWith(expect.objectContaining({ tool: 'project_ping' }), expect.objectContaining({ code: 'FORBIDDEN' }));
  });

  it('stops the call when the guard returns false', async () => {
    guard.refuse = 'deny';
    const envelope = (await call({ domain: 'project', session_id: 'ses_test' })) as ErrorEnvelope;
    expect(service.received).toEqual([]);
    expect(envelope.error.code).toBe('FORBIDDEN');
  });

  it('validates the input with the global pipe: every problem in one VALIDATION_FAILED, and the method does not run', async () => {
    const envelope = (await call({ domain: 'project', txt: 'hi', times: 9 })) as ErrorEnvelope;
    expect(guard.seen).toHaveLength(1);
    expect(service.received).toEqual([]);
    expect(envelope.status).toBe('error');
    expect(envelope.error.code).toBe('VALIDATION_FAILED');
    expect(envelope.error.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'session_id', code: 'REQUIRED' }),
        expect.objectContaining({ field: 'txt', code: 'UNKNOWN_FIELD', did_you_mean: 'text' }),
        expect.objectContaining({ field: 'times', code: 'OUT_OF_RANGE' }),
      ]),
    );
    expect(envelope.error.issues).toHaveLength(3);
  });

  it('runs the guard before the pipe: a refusing guard wins over bad input', async () => {
    guard.refuse = 'throw';
    const envelope = (await call({ txt: 'hi' })) as ErrorEnvelope;
    expect(envelope.error.code).toBe('FORBIDDEN');
  });
});

describe('ToolRegistry refuses malformed tools at boot', () => {
  it.each(['ping', 'projectping', 'project_Ping', 'project-ping', 'ticketing_ping', 'project_'])('refuses the name %j', async (name) => {
    @Injectable()
    class BadNameService {
      @Tool(pingTool(name))
      async ping(input: PingDto): Promise<Outcome> {
        return { message: String(input.text) };
      }
    }
    expect(String(await initError([BadNameService]))).toMatch(/its name must be project_<verb>|lower-case words/);
  });

  it('refuses a tool named for another domain than it declares', async () => {
    @Injectable()
    class WrongDomainService {
      @Tool(pingTool('ticket_ping', { domain: 'project' }))
      async ping(input: PingDto): Promise<Outcome> {
        return { message: String(input.text) };
      }
    }
    expect(String(await initError([WrongDomainService]))).toMatch(/declared in domain 'project': its name must be project_<verb>/);
  });

  it('refuses an input DTO that declares the domain its policy supplies', async () => {
    class DomainDto {
      @TextField({ description: 'A second definition of the domain.' })
      domain?: string;
    }
    @Injectable()
    class DomainInDtoService {
      @Tool({ ...pingTool('project_domain'), input: DomainDto })
      async ping(input: DomainDto): Promise<Outcome> {
        return { message: String(input.domain) };
      }
    }
    expect(String(await initError([DomainInDtoService]))).toMatch(/declares 'domain', which the tool's policy supplies/);
  });

  it('refuses a duplicate tool name', async () => {
    @Injectable()
    class SecondPingService {
      @Tool(pingTool('project_ping'))
      async again(input: PingDto): Promise<Outcome> {
        return { message: String(input.text) };
      }
    }
    expect(String(await initError([PingService, SecondPingService]))).toMatch(/Duplicate tool name 'project_ping'/);
  });

  it('refuses a method whose first parameter is not the declared input DTO', async () => {
    @Injectable()
    class UntypedService {
      @Tool(pingTool('project_untyped'))
      async untyped(input: Record<string, unknown>): Promise<Outcome> {
        return { message: String(input.text) };
      }
    }
    expect(String(await initError([UntypedService]))).toMatch(/first parameter .* must be its input DTO PingDto/);
  });
});
