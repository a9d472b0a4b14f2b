import { Injectable } from '@nestjs/common';
import type { ToolOptions } from './tool-definition.js';

/** Tool definitions by name: what guards, interceptors and REST handlers look tools up in. */
@Injectable()
export class ToolCatalog {
  private readonly tools = new Map<string, ToolOptions>();

  add(options: ToolOptions): void {
    if (this.tools.has(options.name)) throw new Error(`Duplicate MCP tool name '${options.name}'`);
    this.tools.set(options.name, options);
  }

  get(name: string | undefined): ToolOptions | undefined {
    return name === undefined ? undefined : this.tools.get(name);
  }

  names(): string[] {
    return [...this.tools.keys()];
  }

  all(): ToolOptions[] {
    return [...this.tools.values()];
  }
}
