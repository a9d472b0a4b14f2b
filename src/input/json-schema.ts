import { DURATION_UNIT } from '../dates/duration.js';
import { matchKey } from '../text/normalize.js';
import type { FieldSpec } from './field-spec.js';

export type JsonSchema = Record<string, unknown>;

/**
 * Fields every tool of a kind takes, explained once in the tool description (and in the server
 * instructions) rather than in each schema: tools/list is read at the start of every conversation.
 */
const EXPLAINED_BY_TOOL = new Set(['domain', 'session_id', 'idempotency_key', 'dry_run', 'timezone', 'cursor', 'limit', 'exact_total', 'approval_id']);

/**
 * Said once by every MCP tool description that has them (free text, units in the notes) or plain
 * from the schema (sort: the enum lists "-name" for descending): kept out of tools/list, where every
 * byte is read at the start of each conversation; REST's OpenAPI keeps them.
 */
const SAID_BY_TOOL_ON_MCP = new Set(['query', 'sort']);

/** One name per reference field: it shows that names work, and tools/list is read in every conversation. */
const EXAMPLES_SHOWN = 1;

/**
 * The types of fields the server also reads from text ("60", "60%", "true"): a type list, the
 * plainest form every listed client keeps (LangChain's adapter drops anyOf/oneOf of scalars, leaving
 * an untyped field; a list costs a third of the bytes of anyOf branches).
 */
const TEXT_ALSO = { int: ['integer', 'string'], bool: ['boolean', 'string'] } as const;

export interface DescribeOptions {
  /** Example names of a reference field. */
  examples?: readonly string[];
  /** tools/list wording: nothing the tool description or the schema already says. */
  terse?: boolean;
  /** An earlier field of the same schema with the same codes (impact after urgency): named, not repeated. */
  sameCodesAs?: string;
  /**
   * Integer and boolean fields also typed "string" (the server reads "60", "60%", "true"): for tool
   * schemas, which clients check a model's arguments against. OpenAPI keeps the plain types, for
   * generated clients.
   */
  textForms?: boolean;
}

/**
 * Describes `spec` with what a caller needs to fill it right the first time, and nothing the tool
 * description already says once (date formats, ranges, id-or-name, paging): tools/list stays small.
 */
export function fieldDescription(spec: FieldSpec, options: DescribeOptions = {}): string {
  if (EXPLAINED_BY_TOOL.has(spec.name) || /_(from|to)$/.test(spec.name)) return '';
  if (options.terse && SAID_BY_TOOL_ON_MCP.has(spec.name)) return '';
  const trivial = spec.kind === 'enum' && matchKey(spec.description).replace(/\.$/, '') === matchKey(spec.vocab?.name ?? '');
  const parts = spec.description && !trivial ? [spec.description] : [];
  if (spec.kind === 'enum' && spec.vocab) parts.push(options.sameCodesAs ? `Codes as ${options.sameCodesAs}.` : `${spec.vocab.describeShort()}.`);
  const examples = options.examples;
  if (spec.kind === 'ref' && examples && examples.length) {
    const shortest = [...examples].sort((a, b) => a.length - b.length || a.localeCompare(b)).slice(0, EXAMPLES_SHOWN);
    parts.push(`E.g. ${shortest.map((e) => JSON.stringify(e)).join(', ')}.`);
  }
  if (!options.terse && spec.kind === 'int' && spec.unit && !spec.description.includes(spec.unit)) parts.push(`Unit: ${spec.unit}.`);
  return parts.join(' ');
}

export function fieldJsonSchema(spec: FieldSpec, options: DescribeOptions = {}, allowNull = true): JsonSchema {
  const description = fieldDescription(spec, options);
  let schema: JsonSchema;
  switch (spec.kind) {
    case 'text':
      // Lengths of 255 and more are the server's to police (TOO_LONG); short limits help the caller.
      schema = {
        type: 'string',
        maxLength: !spec.mcpOnly && spec.maxLength !== undefined && spec.maxLength < 200 ? spec.maxLength : undefined,
        ...(spec.email ? { format: 'email' } : {}),
      };
      break;
    case 'int':
      // A lower bound of 0 or 1 (ids, page sizes, percentages) goes without saying; the server still checks it.
      // "string" too: the server reads "60" (and a percentage's "60%"), so a client that checks
      // arguments against the schema must let them through rather than refuse them itself.
      schema = {
        type: options.textForms || spec.unit === DURATION_UNIT ? TEXT_ALSO.int : 'integer',
        minimum: spec.min === 0 || spec.min === 1 ? undefined : spec.min,
        maximum: spec.max,
      };
      break;
    case 'bool':
      schema = { type: options.textForms ? TEXT_ALSO.bool : 'boolean' };
      break;
    case 'enum':
      // Codes and labels are listed in the description; the server matches labels in any case.
      schema = { type: ['integer', 'string'] };
      break;
    case 'ref':
      schema = { oneOf: [{ type: 'integer' }, { type: 'string' }] };
      break;
    case 'date':
      schema = { type: 'string' };
      break;
    case 'timezone':
      schema = { type: 'string' };
      break;
    case 'choice':
      schema = spec.constant !== undefined ? { const: spec.constant } : { type: 'string', enum: [...spec.values!] };
      break;
    case 'choices':
      // Long lists of names (output fields) are checked by the server, which suggests the closest.
      schema = spec.values!.length > 8 ? { type: 'array', items: { type: 'string' } } : { type: 'array', items: { type: 'string', enum: [...spec.values!] } };
      break;
    case 'actors':
      // Users or groups: ids, names, or {"group": …}; the server resolves each and says which it was.
      // Tool schemas leave the entries to the description (said once per tool): nine lists of one shape
      // on ticket_update would otherwise repeat it nine times in every conversation's tools/list.
      schema = options.terse ? { type: 'array' } : { type: 'array', items: { type: ['integer', 'string', 'object'] } };
      break;
  }
  if (spec.nullable && allowNull) {
    schema =
      'oneOf' in schema ? { oneOf: [...(schema.oneOf as JsonSchema[]), { type: 'null' }] } : { ...schema, type: [...[schema.type ?? []].flat(), 'null'] };
  }
  const cleaned = Object.fromEntries(Object.entries(schema).filter(([, v]) => v !== undefined));
  return description ? { ...cleaned, description } : cleaned;
}

/** The whole input schema of a DTO for one transport; `examples` lists example names per ref kind. */
export function inputJsonSchema(
  fields: readonly FieldSpec[],
  transport: 'mcp' | 'rest',
  examples: (ref: string) => readonly string[] | undefined = () => undefined,
  /** Fields described by another tool (an update's fields are its create's): only these keep descriptions. */
  describeOnly?: readonly string[],
  /** Whether null (clear the value) is offered: on updates, not on creates where it means nothing. */
  allowNull = true,
): JsonSchema {
  const specs = fields.filter((s) => transport === 'mcp' || !s.mcpOnly);
  const properties: Record<string, JsonSchema> = {};
  const terse = transport === 'mcp';
  /** The first field listing each set of codes (urgency and impact share a scale). */
  const firstWithCodes = new Map<string, string>();
  for (const spec of specs) {
    const codes = spec.vocab?.describeShort();
    const sameCodesAs = terse && codes ? firstWithCodes.get(codes) : undefined;
    if (codes && !firstWithCodes.has(codes)) firstWithCodes.set(codes, spec.name);
    // The record a tool acts on comes from an earlier answer or the user's words: example names help
    // where a record is named to be written, not there. Nor for tickets: a ticket is named from the
    // conversation or a search, and a sample title from the database teaches nothing about the form.
    const schema = fieldJsonSchema(
      spec,
      { examples: spec.ref && !spec.target && spec.ref !== 'ticket' ? examples(spec.ref) : undefined, terse, sameCodesAs, textForms: terse },
      allowNull,
    );
    if (describeOnly && !describeOnly.includes(spec.name)) delete schema.description;
    properties[spec.name] = schema;
  }
  const required = specs.filter((s) => s.required).map((s) => s.name);
  // No additionalProperties: false. The server refuses an unknown name itself, with the closest real
  // one (UNKNOWN_FIELD, did_you_mean); a client that enforced the schema would refuse it first and
  // the model would never see the suggestion.
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}
