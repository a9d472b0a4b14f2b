import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService, ExternalContextCreator, MetadataScanner, Reflector } from '@nestjs/core';
import { fieldsOf } from '../input/field-spec.js';
import type { Envelope } from '../envelope/envelope.js';
import { TOOL, TOOL_PARAMS } from './tool.decorator.js';
import { TOOL_NAME_PATTERN, SESSION_TOOL_NAMES, type ToolOptions } from './tool-policy.js';

export type ToolHandler = (input: unknown) => Promise<Envelope>;

export interface RegisteredTool {
  options: ToolOptions;
  handler: ToolHandler;
}

const toolParamsFactory = {
  exchangeKeyForValue: (_type: number, _data: unknown, args: unknown[]) => args[0],
};

/**
 * The tools, by name. Finds every @Tool method at boot and wraps it in Nest's enhancer chain (global guards, pipes,
 * interceptors, filters) with ExternalContextCreator, the way Nest's own transports do. This is the
 * only way a tool can be called.
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
  ) {}

  onApplicationBootstrap(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object' || !wrapper.isDependencyTreeStatic()) continue;
      const prototype = Object.getPrototypeOf(instance) as object;
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        const options = this.reflector.get<ToolOptions | undefined>(TOOL, instance[method] as () => unknown);
        if (options) this.register(instance, method, options);
      }
    }
    this.logger.log(`${this.tools.size} MCP tools registered`);
  }

  private register(instance: Record<string, unknown>, method: string, options: ToolOptions): void {
    const isSessionTool = (SESSION_TOOL_NAMES as readonly string[]).includes(options.name);
    if (!isSessionTool && !TOOL_NAME_PATTERN.test(options.name)) {
      throw new Error(`MCP tool name '${options.name}' must be <domain>_<verb> (domains: project, ticket, user)`);
    }
    if (!isSessionTool && !options.name.startsWith(`${options.domain}_`)) {
      throw new Error(`MCP tool '${options.name}' is declared in domain '${options.domain}' but named for another`);
    }
    const paramTypes = Reflect.getMetadata('design:paramtypes', instance, method) as unknown[] | undefined;
    if (!paramTypes || paramTypes[0] !== options.input || !fieldsOf(options.input)) {
      throw new Error(`MCP tool '${options.name}': the first parameter of ${instance.constructor.name}.${method} must be its input DTO ${options.input.name}`);
    }
    if (!Reflect.getMetadata(TOOL_PARAMS, instance.constructor, method)) {
      throw new Error(`MCP tool '${options.name}' lacks its parameter metadata`);
    }
    if (this.tools.has(options.name)) throw new Error(`Duplicate MCP tool name '${options.name}'`);
    const callback = instance[method] as (...args: unknown[]) => unknown;
    const handler = this.contextCreator.create(instance, callback, method, TOOL_PARAMS, toolParamsFactory, undefined, undefined, undefined, 'mcp') as ToolHandler;
    this.tools.set(options.name, { options, handler });
  }

  get(name: string): RegisteredTool | undefined {
    return this.tools.get(name);
  }

  /** A tool's definition (what guards, interceptors and REST handlers look up); undefined for none. */
  definition(name: string | undefined): ToolOptions | undefined {
    return name === undefined ? undefined : this.tools.get(name)?.options;
  }

  names(): string[] {
    return [...this.tools.keys()];
  }

  all(): RegisteredTool[] {
    return [...this.tools.values()];
  }
}
