import { Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { settableFields } from '../auth/rights.js';
import { AppConfig } from '../config/app-config.js';
import { ToolRegistry } from '../tools/tool-registry.js';
import { currentCall } from '../call/call-context.js';
import { DeskError } from '../envelope/desk-error.js';
import { ReferenceResolver } from '../input/references/reference-resolver.js';
import { nameScopeOf } from '../input/references/reference-scope.js';
import { fieldsOf } from '../input/field-spec.js';
import { InputParser } from '../input/input-parser.js';
import { isTextSource } from '../transports/rest/rest-input.decorator.js';

/**
 * The one input pipe (registered globally): every DTO-typed argument of every tool call and REST
 * route goes through it. It collects all problems of the call and throws one VALIDATION_FAILED.
 */
@Injectable()
export class InputPipe implements PipeTransform {
  private readonly parser: InputParser;

  constructor(
    resolver: ReferenceResolver,
    private readonly config: AppConfig,
    private readonly tools: ToolRegistry,
  ) {
    this.parser = new InputParser(resolver);
  }

  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const dto = metadata.metatype;
    if (!dto || !fieldsOf(dto)) return value;
    const call = currentCall();
    const result = await this.parser.parse(dto as new () => object, value, {
      mode: metadata.type === 'query' || isTextSource(metadata.data) ? 'query' : 'json',
      transport: call?.transport ?? 'rest',
      fallbackTimezone: call?.principal?.timezone || this.config.defaultTimezone,
      scope: nameScopeOf(call?.principal),
      settable: settableFields(call?.principal, call?.policy),
      fields: call?.transport === 'mcp' && call.policy?.input === dto ? call.policy.fields : undefined,
    });
    if (!result.ok) throw DeskError.validation(call?.tool, result.issues);
    return result.value;
  }
}
