import { type ArgumentMetadata, Injectable, type PipeTransform, type Type } from '@nestjs/common';
import { settableFields } from '../auth/rights.js';
import { andThen, type Maybe } from '../database/maybe.js';
import { DeskError } from '../envelope/desk-error.js';
import type { Issue } from '../envelope/issue.js';
import { fieldsOf } from '../input/field-spec.js';
import { InputParser, type ParseResult } from '../input/input-parser.js';
import { ReferenceResolver } from '../input/references/reference-resolver.js';
import { nameScopeOf } from '../input/references/reference-scope.js';
import { step } from '../observe/tracing.js';
import type { Call } from '../tools/call.js';
import { RawInput } from '../tools/raw-input.js';

/**
 * The one input pipe (registered globally): every DTO-typed argument of every tool call and REST
 * route arrives as a RawInput carrying its call, and leaves as the parsed DTO. It collects all
 * problems of the call and throws one VALIDATION_FAILED.
 */
@Injectable()
export class InputPipe implements PipeTransform {
  private readonly parser: InputParser;

  constructor(resolver: ReferenceResolver) {
    this.parser = new InputParser(resolver);
  }

  /** Not async: a value that is no DTO's input (the call, a REST route's other parameters) passes untouched, without a promise. */
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    const dto = metadata.metatype;
    if (!(value instanceof RawInput) || !dto || !fieldsOf(dto)) return value;
    return this.parsed(value, dto as Type<object>);
  }

  /** Not async either: arguments that name no record by name are parsed at once (maybe.ts). */
  private parsed(value: RawInput, dto: Type<object>): Maybe<unknown> {
    return andThen(this.parse(value, dto), (parsed) => {
      // A tool that checks the stored record gets what parsed, and reports these with what it finds (writes/all-problems.ts).
      if (!parsed.ok && parsed.partial) return parsed.partial;
      if (!parsed.ok) throw DeskError.validation(value.call, parsed.issues);
      return parsed.value;
    });
  }

  /**
   * The problems this pipe would report in a tool call's arguments, except those of `skipped` fields.
   * The intent lock refuses a call without a session before the pipe runs; it adds these to its
   * refusal, so that the caller fixes everything in one retry (the lock judges the skipped fields).
   */
  issuesBesides(call: Call, args: unknown, skipped: ReadonlySet<string>): Maybe<Issue[]> {
    const dto = call.policy?.input;
    if (!dto) return [];
    return andThen(this.parse(new RawInput(args, call, 'json'), dto), (parsed) =>
      parsed.ok ? [] : parsed.issues.filter((issue) => !skipped.has(issue.field)),
    );
  }

  private parse(value: RawInput, dto: Type<object>): Maybe<ParseResult<object>> {
    const { call } = value;
    const policy = call.policy;
    return step(call, 'input', () =>
      this.parser.parse(dto as new () => object, value.value, {
        mode: value.mode,
        outOfPlace: value.outOfPlace,
        conflicts: value.conflicts,
        transport: call.transport,
        zone: call.zone,
        language: call.principal?.language ?? null,
        scope: nameScopeOf(call.principal, call.zone),
        settable: settableFields(call.principal, policy ?? undefined),
        // A tool's policy adds its own arguments (`domain`) to its DTO's fields.
        fields: policy?.input === dto ? policy.fields : undefined,
      }),
    );
  }
}
