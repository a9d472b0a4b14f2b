import { applyDecorators, SetMetadata } from '@nestjs/common';
import type { ToolDeclaration } from './tool-policy.js';

export const TOOL = 'intentdesk:tool';
/** Param metadata key of tool methods, read by the registry (tool-registry.ts) to build each tool's chain. */
export const TOOL_PARAMS = 'intentdesk:tool-params';
/** Param types of a tool method: its input DTO (index 0) and its call (index 1). */
export const TOOL_INPUT_PARAM = 0;
export const TOOL_CALL_PARAM = 1;
/** REST handlers name the tool whose policy (rights, rate class, envelope) they share. */
export const SERVES_TOOL = 'intentdesk:serves-tool';

/**
 * Declares a service method as a tool: `method(input: Dto, call: Call)`. The first parameter is the
 * input DTO, parsed by the global input pipe; the second is the call its transport built. The call
 * runs through the global guards, interceptors and filters.
 * The registry turns the declaration into the tool's policy at boot, and refuses a tool whose first
 * parameter is not its declared DTO.
 */
export function Tool(declaration: ToolDeclaration): MethodDecorator {
  const parameters: MethodDecorator = (target, key) => {
    const params = {
      [`${TOOL_INPUT_PARAM}:0`]: { index: 0, data: undefined, pipes: [] },
      [`${TOOL_CALL_PARAM}:1`]: { index: 1, data: undefined, pipes: [] },
    };
    Reflect.defineMetadata(TOOL_PARAMS, params, target.constructor, key);
  };
  return applyDecorators(SetMetadata(TOOL, declaration), parameters);
}

/** Marks a REST handler as the HTTP face of a tool (same policy: rights, limits and envelope). */
export const ServesTool = (name: string): MethodDecorator => SetMetadata(SERVES_TOOL, name);
