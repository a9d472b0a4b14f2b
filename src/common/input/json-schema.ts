import { DATE_FORMATS_EXPECTED } from '../dates/dates.js';
import type { FieldSpec } from './field-spec.js';
import { fieldsOf } from './field-spec.js';

export type JsonSchema = Record<string, unknown>;

/** Describes `spec` with its accepted values, so the description alone is enough to call right. */
/**
 * Describes `spec` with what a caller needs to fill it right the first time, and nothing the tool
 * description already says once (date formats, id-or-name, null clears): tools/list stays small.
 */
export function fieldDescription(spec: FieldSpec, examples?: readonly string[]): string {
  const parts = spec.description ? [spec.description] : [];
  if (spec.kind === 'enum' && spec.vocab) parts.push(`${spec.vocab.describe()}.`);
  if (spec.kind === 'ref' && examples && examples.length) parts.push(`E.g. ${examples.map((e) => JSON.stringify(e)).join(', ')}.`);
  if (spec.kind === 'int' && spec.unit) parts.push(`Unit: ${spec.unit}.`);
  return parts.join(' ');
}

export function fieldJsonSchema(spec: FieldSpec, examples?: readonly string[]): JsonSchema {
  const description = fieldDescription(spec, examples);
  let schema: JsonSchema;
  switch (spec.kind) {
    case 'text':
      schema = { type: 'string', maxLength: spec.maxLength, ...(spec.email ? { format: 'email' } : {}) };
      break;
    case 'int':
      schema = { type: 'integer', minimum: spec.min, maximum: spec.max };
      break;
    case 'bool':
      schema = { type: 'boolean' };
      break;
    case 'enum':
      schema = { oneOf: [{ type: 'integer', enum: spec.vocab!.codes }, { type: 'string' }] };
      break;
    case 'ref':
      schema = { oneOf: [{ type: 'integer', minimum: 1 }, { type: 'string', minLength: 1 }] };
      break;
    case 'date':
      schema = { type: 'string' };
      break;
    case 'timezone':
      schema = { type: 'string' };
      break;
    case 'choice':
      schema = spec.constant !== undefined ? { type: 'string', const: spec.constant } : { type: 'string', enum: [...spec.values!] };
      break;
    case 'choices':
      schema = { type: 'array', items: { type: 'string', enum: [...spec.values!] }, uniqueItems: true };
      break;
  }
  if (spec.nullable) {
    schema = 'oneOf' in schema ? { oneOf: [...(schema.oneOf as JsonSchema[]), { type: 'null' }] } : { oneOf: [schema, { type: 'null' }] };
  }
  const cleaned = Object.fromEntries(Object.entries(schema).filter(([, v]) => v !== undefined));
  return description ? { ...cleaned, description } : cleaned;
}

/** The whole input schema of a DTO for one transport; `examples` lists example names per ref kind. */
export function inputJsonSchema(
  dto: unknown,
  transport: 'mcp' | 'rest',
  examples: (ref: string) => readonly string[] | undefined = () => undefined,
): JsonSchema {
  const specs = (fieldsOf(dto) ?? []).filter((s) => transport === 'mcp' || !s.mcpOnly);
  const properties: Record<string, JsonSchema> = {};
  for (const spec of specs) properties[spec.name] = fieldJsonSchema(spec, spec.ref ? examples(spec.ref) : undefined);
  const required = specs.filter((s) => s.required).map((s) => s.name);
  return { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false };
}

export { DATE_FORMATS_EXPECTED };
