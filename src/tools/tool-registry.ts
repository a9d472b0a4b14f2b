import { Injectable, Logger, type OnApplicationBootstrap, Optional, type Type } from '@nestjs/common';
import { DiscoveryService, ExternalContextCreator, MetadataScanner, Reflector } from '@nestjs/core';
import type { Domain, Principal } from '../auth/principal.js';
import { mayCallTool } from '../auth/rights.js';
import { AppConfig } from '../config/app-config.js';
import type { Envelope } from '../envelope/envelope.js';
import { Metrics } from '../observe/metrics.js';
import type { Call } from './call.js';
import { RawInput } from './raw-input.js';
import { TOOL, TOOL_INPUT_PARAM, TOOL_PARAMS } from './tool.decorator.js';
import { type ChainParam, toolChain } from './tool-chain.js';
import { namedForDomain, policyOf, type ToolDeclaration, type ToolPolicy } from './tool-policy.js';

/** A tool method behind the whole chain: called with the raw arguments and the call its transport built. */
export type ToolHandler = (args: unknown, call: Call) => Promise<Envelope>;

export interface RegisteredTool {
  policy: ToolPolicy;
  handler: ToolHandler;
}

/** A tool method's parameters: the arguments (for the input pipe, with their call) and the call itself. */
function toolParam(type: number, args: unknown[]): unknown {
  return type === TOOL_INPUT_PARAM ? new RawInput(args[0], args[1] as Call, 'json') : args[1];
}

/**
 * The parameters @Tool declared (TOOL_PARAMS, keyed `type:index`), in order, with what the pipes are
 * told of each: its declared type, and 'custom', as Nest tells them of a parameter that is not a body, param or query.
 */
function paramsOf(instance: object, method: string, paramTypes: unknown[]): ChainParam[] {
  const declared = Reflect.getMetadata(TOOL_PARAMS, instance.constructor, method) as Record<string, { index: number; data?: string }>;
  return Object.entries(declared)
    .map(([key, { index, data }]) => {
      const type = Number(key.split(':')[0]);
      return {
        index,
        extract: (args: unknown[]) => toolParam(type, args),
        metadata: { type: 'custom' as const, metatype: paramTypes[index] as Type<unknown> | undefined, data },
      };
    })
    .sort((a, b) => a.index - b.index);
}

/**
 * The tools, by name. Finds every @Tool method at boot and wraps it in Nest's enhancer chain (global guards, pipes,
 * interceptors, filters), resolved by ExternalContextCreator's creators as Nest's own transports do
 * and run by toolChain (tool-chain.ts). This is the only way a tool can be called.
 */
@Injectable()
export class ToolRegistry implements OnApplicationBootstrap {
  private readonly logger = new Logger('ToolRegistry');
  private readonly tools = new Map<string, RegisteredTool>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    private readonly contextCreator: ExternalContextCreator,
    private readonly config: AppConfig,
    // Optional: unit specs build a registry without the observability module.
    @Optional() private readonly metrics?: Metrics,
  ) {}

  onApplicationBootstrap(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object' || !wrapper.isDependencyTreeStatic()) continue;
      const prototype = Object.getPrototypeOf(instance) as object;
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        const declaration = this.reflector.get<ToolDeclaration | undefined>(TOOL, instance[method] as () => unknown);
        if (declaration) this.register(instance, method, declaration);
      }
    }
    this.logger.log(`${this.tools.size} tools registered`);
    this.metrics?.knowTools(this.tools.keys());
  }

  private register(instance: Record<string, unknown>, method: string, declaration: ToolDeclaration): void {
    const { name, domain } = declaration;
    if (domain !== null && !namedForDomain(name, domain)) {
      throw new Error(`Tool '${name}' is declared in domain '${domain}': its name must be ${domain}_<verb>`);
    }
    if (domain === null && !/^[a-z]+(?:_[a-z]+)+$/.test(name)) throw new Error(`Tool '${name}': a name is lower-case words joined by _`);
    const paramTypes = Reflect.getMetadata('design:paramtypes', instance, method) as unknown[] | undefined;
    if (!paramTypes || paramTypes[0] !== declaration.input) {
      throw new Error(`Tool '${name}': the first parameter of ${instance.constructor.name}.${method} must be its input DTO ${declaration.input.name}`);
    }
    if (!Reflect.getMetadata(TOOL_PARAMS, instance.constructor, method)) {
      throw new Error(`Tool '${name}' lacks its parameter metadata`);
    }
    if (this.tools.has(name)) throw new Error(`Duplicate tool name '${name}'`);
    const policy = policyOf(declaration, this.config);
    const callback = instance[method] as (...args: unknown[]) => unknown;
    const handler = toolChain(this.contextCreator, instance, callback, paramsOf(instance, method, paramTypes), 'mcp') as ToolHandler;
    this.tools.set(name, { policy, handler });
  }

  get(name: string): RegisteredTool | undefined {
    return this.tools.get(name);
  }

  /** A tool's policy (what guards, the pipe, the write unit and REST routes read); undefined for none. */
  policy(name: string | undefined): ToolPolicy | undefined {
    return name === undefined ? undefined : this.tools.get(name)?.policy;
  }

  names(): string[] {
    return [...this.tools.keys()];
  }

  /** The tools of one domain, by name. */
  namesIn(domain: Domain): string[] {
    return this.all()
      .filter((t) => t.policy.domain === domain)
      .map((t) => t.policy.name);
  }

  /** The tools of `domain` that `principal` may call: those its tools/list shows. */
  callableIn(domain: Domain, principal: Principal): string[] {
    return this.namesIn(domain).filter((name) => mayCallTool(principal, this.tools.get(name)!.policy));
  }

  all(): RegisteredTool[] {
    return [...this.tools.values()];
  }
}
