import type { FieldSpec } from '../input/field-spec.js';
import { fieldsOf } from '../input/field-spec.js';
import type { JsonSchema } from '../input/json-schema.js';
import { SERVER_INFO } from '../transports/mcp/mcp-server-info.js';
import { componentSchemas, ERROR_RESPONSES, errorResponseComponents, type ErrorStatus, HEADERS } from './components.js';
import { type FieldContext, hasZone, inputFieldSchema, inputObjectSchema, restFields } from './input-schemas.js';
import { type RestRoute, restRoutes, type RouteSources } from './rest-routes.js';

export type OpenApi = Record<string, unknown>;

const DESCRIPTION = [
  "Projects, tickets and users on GLPI's data model: the same services, validation, name resolution and answers as the MCP tools on POST /mcp.",
  '',
  '- **Tokens**: `Authorization: Bearer <token>`, an opaque token with the `api` scope (`admin` for /api/admin). Create one with',
  '  `npm run --silent token -- create --user <login> --scopes api` or POST /api/admin/tokens.',
  '- **Inputs**: reference fields (`*_id`) take an id or a name; enums a code or a label in English or Portuguese; dates',
  '  `YYYY-MM-DD`, `YYYY-MM-DD HH:MM:SS` or ISO-8601. Every problem of a request comes back in one 422 answer, with',
  '  `did_you_mean`, `available` and `expected` where they help. Nothing is written when there is any problem.',
  '- **Answers**: the envelope: `status`, `message`, `data`; writes add `applied` (exactly what was stored) and `resolved`.',
  '  Writes take `idempotency_key` and `dry_run`.',
].join('\n');

const BEARER = {
  type: 'http',
  scheme: 'bearer',
  bearerFormat: 'opaque',
  description: 'An opaque API token (idt_…; not a JWT), stored by the server as a hash only. Scope `api`; `admin` for /api/admin.',
};

/**
 * The OpenAPI 3.1 document of the REST API, read from the routes themselves (path, method, input
 * DTO and its field specs, the tool a route shares, public or scoped) plus the few words each route
 * adds with @Doc.
 */
export function buildOpenApi(sources: RouteSources): OpenApi {
  const routes = restRoutes(sources);
  const bodies: Record<string, JsonSchema> = {};
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const tags = new Map<string, string>();
  for (const route of routes) {
    if (route.tag) tags.set(route.tag.name, route.tag.description);
    (paths[route.path] ??= {})[route.method] = operation(route, bodies);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: SERVER_INFO.name,
      version: SERVER_INFO.version,
      description: DESCRIPTION,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    // Relative: the server that serves this document, whatever name or proxy it is reached by.
    servers: [{ url: '/', description: 'This server' }],
    tags: [...tags].map(([name, description]) => ({ name, description })),
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      schemas: { ...componentSchemas(), ...bodies },
      responses: errorResponseComponents(),
      headers: HEADERS,
      securitySchemes: { bearerAuth: BEARER },
    },
  };
}

/** One operation; request bodies are added to `bodies` (components.schemas) under their DTO's name. */
function operation(route: RestRoute, bodies: Record<string, JsonSchema>): JsonSchema {
  const fields = route.input ? restFields(route.input.dto) : [];
  const example = route.tool?.text.example ?? {};
  const inPath = route.pathParams.map((name) => {
    const spec = fields.find((f) => f.name === name);
    if (!spec) throw new Error(`OpenAPI: ${route.operationId} has the path parameter {${name}} but its input has no such field`);
    return spec;
  });
  const others = fields.filter((f) => !route.pathParams.includes(f.name));
  const fromQuery = route.input?.source === 'query' || route.input?.source === 'params+query';
  const fromBody = route.input?.source === 'body' || route.input?.source === 'params+body';
  const context: FieldContext = { zoned: hasZone(fields) };
  const parameters = [
    ...inPath.map((spec) => parameter(spec, 'path', example, context)),
    ...(fromQuery ? others.map((spec) => parameter(spec, 'query', example, context)) : []),
  ];
  const op: JsonSchema = {
    operationId: route.operationId,
    summary: route.doc.summary ?? route.tool?.text.title ?? missing(route, 'summary'),
    description: description(route),
    ...(route.tag ? { tags: [route.tag.name] } : {}),
    ...(route.isPublic ? { security: [] } : {}),
    ...(parameters.length ? { parameters } : {}),
  };
  if (fromBody) op.requestBody = requestBody(route, others, example, bodies);
  op.responses = responses(route, fromBody);
  return op;
}

function parameter(spec: FieldSpec, where: 'path' | 'query', example: Record<string, unknown>, context: FieldContext): JsonSchema {
  const { description, ...schema } = inputFieldSchema(spec, context);
  return {
    name: spec.name,
    in: where,
    required: where === 'path' || spec.required,
    ...(description ? { description } : {}),
    schema,
    ...(example[spec.name] !== undefined ? { example: example[spec.name] } : {}),
  };
}

function requestBody(route: RestRoute, fields: FieldSpec[], example: Record<string, unknown>, bodies: Record<string, JsonSchema>): JsonSchema {
  const name = route.input!.dto.name.replace(/Dto$/, '');
  // An update may clear a field with null; elsewhere null means nothing.
  const schema = inputObjectSchema(fields, route.method === 'patch');
  if (bodies[name] && JSON.stringify(bodies[name]) !== JSON.stringify(schema)) {
    throw new Error(`OpenAPI: two different request bodies are named ${name}`);
  }
  bodies[name] = schema;
  const shown = Object.fromEntries(Object.entries(example).filter(([key]) => fields.some((f) => f.name === key)));
  return {
    required: fields.some((f) => f.required),
    content: {
      'application/json': {
        schema: { $ref: `#/components/schemas/${name}` },
        ...(Object.keys(shown).length ? { example: shown } : {}),
      },
    },
  };
}

function responses(route: RestRoute, fromBody: boolean): JsonSchema {
  const out: Record<string, JsonSchema> = {};
  if (route.doc.responses) {
    for (const [status, response] of Object.entries(route.doc.responses)) {
      out[status] = {
        description: response.description,
        ...(response.headers?.length ? { headers: Object.fromEntries(response.headers.map((h) => [h, { $ref: `#/components/headers/${h}` }])) } : {}),
        content: { 'application/json': { schema: response.schema } },
      };
    }
    return out;
  }
  const data = route.doc.data;
  // A dry run answers what would be written (`applied`), without `data`: a route that takes one has `data` only when it wrote.
  const rehearses = route.input !== undefined && (fieldsOf(route.input.dto) ?? []).some((spec) => spec.name === 'dry_run');
  out[route.successStatus] = {
    description: !data
      ? 'Done: the success envelope.'
      : rehearses
        ? 'Done: the success envelope, with `data` unless a dry run.'
        : 'Done: the success envelope, with `data`.',
    content: {
      'application/json': {
        schema: data
          ? {
              allOf: [{ $ref: '#/components/schemas/SuccessEnvelope' }, { type: 'object', ...(rehearses ? {} : { required: ['data'] }), properties: { data } }],
            }
          : { $ref: '#/components/schemas/SuccessEnvelope' },
      },
    },
  };
  for (const status of errorStatuses(route, fromBody)) out[status] = { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` };
  return out;
}

/** The error answers a route can give: the one place that decides which a route lists. */
function errorStatuses(route: RestRoute, fromBody: boolean): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>();
  if (!route.isPublic) for (const status of [401, 403, 429, 500, 503] as const) statuses.add(status);
  if (route.input) statuses.add(422);
  if (fromBody) {
    statuses.add(413);
    statuses.add(415);
  }
  if (route.pathParams.length) statuses.add(404);
  if (route.tool?.writesRecords) statuses.add(409);
  return [...statuses].sort((a, b) => a - b);
}

function description(route: RestRoute): string | undefined {
  const parts = [route.doc.description ?? route.tool?.text.summary];
  if (route.tool) parts.push(`Same rules, rights and rate limit as the MCP tool \`${route.tool.name}\`.`);
  if (route.scope === 'admin') parts.push('Needs a token with the `admin` scope.');
  const text = parts.filter(Boolean).join(' ');
  return text || undefined;
}

function missing(route: RestRoute, what: string): never {
  throw new Error(`OpenAPI: ${route.operationId} has no ${what}: add @Doc({ ${what} }) to the route`);
}
