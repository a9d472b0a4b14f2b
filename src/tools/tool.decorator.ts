import { SetMetadata, applyDecorators } from '@nestjs/common';
import type { ToolDeclaration } from './tool-policy.js';

export const TOOL = 'intentdesk:tool';
/** Param metadata key read by ExternalContextCreator for tool methods. */
export const TOOL_PARAMS = 'intentdesk:tool-params';
/** Param type of the tool input (the DTO argument, index 0). */
export const TOOL_INPUT_PARAM = 0;
/** REST handlers name the tool whose policy (rights, rate class, envelope) they share. */
export const SERVES_TOOL = 'intentdesk:serves-tool';

/**
 * Declares a service method as a tool. The method's first parameter is the input DTO; it is parsed
 * by the global input pipe, and the call runs through the global guards, interceptors and filters.
 * The registry turns the declaration into the tool's policy at boot, and refuses a tool whose first
 * parameter is not its declared DTO.
 */
export function Tool(declaration: ToolDeclaration): MethodDecorator {
  const params: MethodDecorator = (target, key) => {
    Reflect.defineMetadata(TOOL_PARAMS, { [`${TOOL_INPUT_PARAM}:0`]: { index: 0, data: undefined, pipes: [] } }, target.constructor, key);
  };
  return applyDecorators(SetMetadata(TOOL, declaration), params);
}

/** Marks a REST handler as the HTTP face of a tool (same policy: rights, limits and envelope). */
export const ServesTool = (name: string): MethodDecorator => SetMetadata(SERVES_TOOL, name);
