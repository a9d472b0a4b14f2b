import { DATE_FORMATS_EXPECTED } from '../dates/dates.js';
import { fieldsOf, type FieldSpec } from '../input/field-spec.js';
import type { JsonSchema } from '../input/json-schema.js';
import { ACTOR_FORMS, MAX_ACTORS } from '../input/references/actor-list.js';
import { REFERENCE_KINDS } from '../input/references/reference-kinds.js';

/**
 * REST input schemas (OpenAPI 3.1, JSON Schema 2020-12) from the same field specs the input pipe
 * parses with. Apart from the tools' schemas on purpose: tools/list is read by a model at the start
 * of every conversation and says each thing once per tool, while this document is read by people
 * and client generators, field by field, so every field says all it accepts.
 */

/** The fields a REST request may send (domain and session_id are MCP arguments). */
export function restFields(dto: unknown): FieldSpec[] {
  return (fieldsOf(dto) ?? []).filter((spec) => !spec.mcpOnly);
}

/** What the other fields of the same request change about a field's meaning. */
export interface FieldContext {
  /** The request may send null to clear a field that may be empty (updates; on a create, null would mean nothing). */
  clearable?: boolean;
  /** The request has a `timezone` field, which dates without an offset are read in. */
  zoned?: boolean;
}

/** Whether `fields` include the zone dates are read in. */
export function hasZone(fields: readonly FieldSpec[]): boolean {
  return fields.some((f) => f.kind === 'timezone');
}

/** One input field: its type, bounds and what values it takes. */
export function inputFieldSchema(spec: FieldSpec, context: FieldContext = {}): JsonSchema {
  const nullable = !!context.clearable && !!spec.nullable;
  const schema: JsonSchema = { ...typeOf(spec) };
  const description = describe(spec, nullable, !!context.zoned);
  if (description) schema.description = description;
  if (spec.example !== undefined) schema.examples = [spec.example];
  return nullable ? withNull(schema) : schema;
}

/** A request body of `fields`; unknown names are not forbidden here: the server answers them with the closest real one. */
export function inputObjectSchema(fields: readonly FieldSpec[], clearable = false): JsonSchema {
  const required = fields.filter((f) => f.required).map((f) => f.name);
  const context = { clearable, zoned: hasZone(fields) };
  return {
    type: 'object',
    properties: Object.fromEntries(fields.map((f) => [f.name, inputFieldSchema(f, context)])),
    ...(required.length ? { required } : {}),
    description: 'An unknown field is refused (UNKNOWN_FIELD) with the closest known name; every problem of a request comes back in one answer.',
  };
}

function typeOf(spec: FieldSpec): JsonSchema {
  switch (spec.kind) {
    case 'text':
      return { type: 'string', ...(spec.maxLength !== undefined ? { maxLength: spec.maxLength } : {}), ...(spec.email ? { format: 'email' } : {}) };
    case 'int':
      return { type: 'integer', ...(spec.min !== undefined ? { minimum: spec.min } : {}), ...(spec.max !== undefined ? { maximum: spec.max } : {}) };
    case 'bool':
      return { type: 'boolean' };
    // "Either" is oneOf rather than a list of types: Swagger UI cannot check a required parameter
    // whose type is a list, and refuses to send it.
    case 'enum':
      return {
        oneOf: [
          { type: 'integer', enum: spec.vocab!.codes },
          { type: 'string', examples: [spec.vocab!.entries[0].en] },
        ],
      };
    case 'ref':
      return { oneOf: [{ type: 'integer' }, { type: 'string' }] };
    case 'date':
      return { type: 'string', examples: ['2026-06-01', '2026-06-01 09:30:00', '2026-06-01T09:30:00-03:00'] };
    case 'timezone':
      return { type: 'string', examples: ['America/Sao_Paulo'] };
    case 'choice':
      return { type: 'string', enum: [...spec.values!] };
    case 'choices':
      return { type: 'array', items: { type: 'string', enum: [...spec.values!] }, uniqueItems: true };
    case 'actors':
      return {
        type: 'array',
        items: { oneOf: [{ type: 'integer' }, { type: 'string' }, { type: 'object', properties: { user: {}, group: {} } }] },
        maxItems: MAX_ACTORS,
        examples: [['tech', 'Service Desk']],
      };
  }
}

function describe(spec: FieldSpec, nullable: boolean, zoned: boolean): string {
  const parts = spec.description ? [spec.description] : [];
  const bound = /^(.+)_(from|to)$/.exec(spec.name);
  if (spec.kind === 'date' && bound) parts.push(`${bound[1]} on or ${bound[2] === 'from' ? 'after' : 'before'} this.`);
  switch (spec.kind) {
    case 'enum':
      parts.push(`A code or a label (English or Portuguese, any case): ${spec.vocab!.describe()}.`);
      break;
    case 'ref':
      parts.push(
        spec.target ? `An id or a name.` : `An id or a name of one of the ${REFERENCE_KINDS[spec.ref!]?.label ?? 'records'} you may see${namedBy(spec.ref!)}.`,
      );
      break;
    case 'date':
      parts.push(`${DATE_FORMATS_EXPECTED}; without an offset, read in ${zoned ? '`timezone`, else ' : ''}your user's zone, else the server's.`);
      break;
    case 'int':
      if (spec.unit && !spec.description.includes(spec.unit)) parts.push(`Unit: ${spec.unit}.`);
      break;
    case 'actors':
      parts.push(`Users and groups: each ${ACTOR_FORMS}.`);
      break;
    case 'choices':
      parts.push('In a query string: repeat the parameter, or separate the values with commas.');
      break;
    default:
      break;
  }
  if (nullable) parts.push('null clears it.');
  return parts.join(' ');
}

/** How names of a reference kind are matched, where it is more than the name. */
function namedBy(kind: string): string {
  if (kind === 'user') return ' (login, email or "Firstname Lastname")';
  const keys = REFERENCE_KINDS[kind]?.keys ?? [];
  return keys.includes('completename_key') ? ' (name or full path, "Sede > Andar 2")' : '';
}

function withNull(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema.oneOf)) return { ...schema, oneOf: [...(schema.oneOf as JsonSchema[]), { type: 'null' }] };
  const type = schema.type;
  return { ...schema, type: [...(Array.isArray(type) ? (type as unknown[]) : [type]), 'null'] };
}
