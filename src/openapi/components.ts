import {
  AUDIT_ENTRY_SCHEMA,
  AUDIT_PAGE_SCHEMA,
  NEW_TOKEN_SCHEMA,
  SESSION_SCHEMA,
  SESSION_WITH_CALLS_SCHEMA,
  TOKEN_SCHEMA,
  TOOL_SCHEMA,
} from '../admin/admin.schemas.js';
import { DATE_FORMATS_EXPECTED } from '../dates/dates.js';
import { ERROR_CODES, ISSUE_CODES } from '../envelope/error-codes.js';
import type { JsonSchema } from '../input/json-schema.js';
import type { OutputField } from '../present/presenter.js';
import { PROJECT_OUTPUT } from '../projects/project.fields.js';
import { REFERENCE_LISTS } from '../reference-data/reference-lists.js';
import { TICKET_OUTPUT } from '../tickets/ticket.fields.js';
import { TICKET_STATS_SCHEMA, TICKET_VIEW_EXTRAS } from '../tickets/ticket-schemas.js';
import { ENTRY_FIELDS } from '../tickets/timeline/timeline.fields.js';
import { USER_OUTPUT } from '../users/user.fields.js';

/**
 * The shared parts of the OpenAPI document: the envelope, the error answers and the records, each
 * defined once and referenced ($ref) by every route.
 */

const REFERENCE = { $ref: '#/components/schemas/Reference' };
const nullable = (schema: JsonSchema): JsonSchema => ({ oneOf: [schema, { type: 'null' }] });

/** A record as the presenter shows it: references and enums as {id, name}, dates as ISO-8601 with offset. */
function recordSchema(fields: readonly OutputField[], extra: Record<string, JsonSchema> = {}): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const field of fields) {
    if (field.name === 'id') {
      properties.id = { type: 'integer' };
      continue;
    }
    switch (field.kind) {
      case 'plain':
        properties[field.name] = { type: ['string', 'null'] };
        break;
      case 'int':
        properties[field.name] = { type: ['integer', 'null'] };
        break;
      case 'bool':
        properties[field.name] = { type: ['boolean', 'null'] };
        break;
      case 'date':
        properties[field.name] = { type: ['string', 'null'], format: 'date-time' };
        break;
      case 'ref':
        properties[field.name] = nullable(REFERENCE);
        break;
      case 'enum':
        properties[field.name] = { ...nullable(REFERENCE), description: field.vocab.describeShort() };
        break;
    }
  }
  // Every field but id may be left out by a projection (`fields`).
  return { type: 'object', required: ['id'], properties: { ...properties, ...extra } };
}

const SCHEMAS = {
  Reference: {
    type: 'object',
    required: ['id', 'name'],
    properties: { id: { type: 'integer' }, name: { type: ['string', 'null'] } },
    description: 'A reference or an enum value as answers show it: { "id": 2, "name": "Processing" }.',
  },
  ResolvedReference: {
    type: 'object',
    required: ['input', 'id', 'name'],
    properties: {
      input: { description: 'What was sent.' },
      id: { type: 'integer' },
      name: { type: ['string', 'null'] },
      not: { const: true, description: 'A filter for every record but those with this one ("not tech").' },
    },
  },
  ResolvedValues: {
    type: 'object',
    required: ['input', 'ids', 'names'],
    properties: {
      input: { description: 'What was sent: a word for several values ("open": every ticket status not yet solved), or a list of names.' },
      ids: { type: 'array', items: { type: 'integer' } },
      names: { type: 'array', items: { type: 'string' } },
      not: { const: true, description: 'A filter for every record but these ("not tech and not maria").' },
      except: {
        type: 'object',
        required: ['ids', 'names'],
        properties: { ids: { type: 'array', items: { type: 'integer' } }, names: { type: 'array', items: { type: 'string' } } },
        description: 'A filter\'s records left out beside those named ("maria, not joao": joao).',
      },
    },
  },
  SuccessEnvelope: {
    type: 'object',
    required: ['status', 'domain', 'tool', 'message'],
    properties: {
      status: { const: 'success' },
      domain: { type: ['string', 'null'], description: 'project, ticket or user; null for routes outside the domains.' },
      tool: { type: 'string', description: 'The tool the route shares its rules with (project_create), or the route.' },
      id: { type: ['integer', 'string', 'null'], description: 'The record the call acted on; null for a dry-run create (nothing was created).' },
      message: { type: 'string' },
      applied: { type: 'object', description: 'Exactly what was written, after resolution and normalization (ids, codes, ISO dates).' },
      resolved: {
        type: 'object',
        additionalProperties: { oneOf: [{ $ref: '#/components/schemas/ResolvedReference' }, { $ref: '#/components/schemas/ResolvedValues' }] },
        description:
          'Each name that was resolved, by field, and the value each enum label or word named; a filter given a word for several values, which it took.',
      },
      data: { description: 'The answer itself; its shape is given per route.' },
      dry_run: { type: 'boolean', description: 'true: nothing was written.' },
      replayed: { type: 'boolean', description: 'true: the first result of this idempotency_key, returned again.' },
    },
  },
  RecordCandidate: {
    type: 'object',
    required: ['id', 'name'],
    properties: {
      id: { type: 'integer' },
      name: { type: 'string', description: "A user's full name (its login is `login`)." },
      entity: { type: 'string', description: "The entity's full path." },
      ...Object.fromEntries(['login', 'email', 'code', 'state', 'status', 'date', 'requester'].map((detail) => [detail, { type: 'string' }])),
      project: {
        type: 'object',
        required: ['id', 'name'],
        properties: { id: { type: 'integer' }, name: { type: 'string' } },
        description: "A project task's project.",
      },
    },
    description: 'A record a name may mean, with what tells it apart from the others listed.',
  },
  Issue: {
    type: 'object',
    required: ['field', 'code', 'message'],
    properties: {
      field: { type: 'string' },
      code: { type: 'string', enum: [...ISSUE_CODES] },
      received: { description: 'What was sent (shortened).' },
      message: { type: 'string' },
      expected: { type: 'string' },
      available: { type: 'array', items: { type: 'string' }, description: 'Up to 20 names that would resolve.' },
      did_you_mean: { type: 'string' },
      available_records: {
        type: 'array',
        description:
          "REFERENCE_NOT_FOUND: the records of `available`, in the same order, each with its id, name and only the details that tell them apart (entity, login, code, state, status, date, requester, a project task's project; a detail equal on every entry is left out). Absent when nothing can be listed.",
        items: { $ref: '#/components/schemas/RecordCandidate' },
      },
      candidates: {
        type: 'array',
        description:
          "What an ambiguous value may mean: records a name matches (id, name, and what tells them apart: entity, login, email, code, state, status, date, requester, a task's project as {id, name}), or readings of a date (value, reading).",
        items: { type: 'object', additionalProperties: { type: ['string', 'integer', 'object'] } },
      },
    },
  },
  ErrorEnvelope: {
    type: 'object',
    required: ['status', 'domain', 'tool', 'error'],
    properties: {
      status: { const: 'error' },
      domain: { type: ['string', 'null'] },
      tool: { type: 'string' },
      error: {
        type: 'object',
        required: ['code', 'retryable', 'message'],
        properties: {
          code: { type: 'string', enum: [...ERROR_CODES] },
          retryable: { type: 'boolean', description: 'true: the same request may succeed after retry_after_seconds.' },
          message: { type: 'string', description: 'What is wrong and what to do.' },
          retry_after_seconds: { type: 'integer', minimum: 0 },
          issues: { type: 'array', items: { $ref: '#/components/schemas/Issue' }, description: 'Every problem of the input, all at once (VALIDATION_FAILED).' },
          next_call: {
            type: 'object',
            required: ['tool', 'arguments'],
            properties: { tool: { type: 'string' }, arguments: { type: 'object' } },
            description: 'The call to make first.',
          },
        },
      },
    },
  },
  Project: recordSchema(PROJECT_OUTPUT),
  Ticket: recordSchema(TICKET_OUTPUT, TICKET_VIEW_EXTRAS),
  TicketStats: TICKET_STATS_SCHEMA,
  TimelineEntry: recordSchema(ENTRY_FIELDS, { kind: { type: 'string', enum: ['followup', 'task', 'solution', 'validation'] } }),
  TicketWithTimeline: {
    allOf: [
      { $ref: '#/components/schemas/Ticket' },
      {
        type: 'object',
        properties: {
          timeline: {
            type: 'array',
            items: { $ref: '#/components/schemas/TimelineEntry' },
            description: 'Followups, tasks, solutions and validations, newest first (20 per page; empty fields left out).',
          },
          timeline_next_cursor: { type: ['string', 'null'], description: 'Older entries: pass as timeline_cursor.' },
          links: {
            type: 'array',
            items: { type: 'object', properties: { relation: { type: 'string' }, ticket: REFERENCE } },
          },
          actiontime: { type: 'integer', description: 'Seconds spent: the sum of the tasks.' },
        },
      },
    ],
  },
  TimelinePage: {
    type: 'object',
    properties: {
      timeline: { type: 'array', items: { $ref: '#/components/schemas/TimelineEntry' } },
      timeline_next_cursor: { type: ['string', 'null'] },
    },
  },
  NewEntry: {
    allOf: [{ $ref: '#/components/schemas/TimelineEntry' }, { type: 'object', required: ['ticket_id'], properties: { ticket_id: { type: 'integer' } } }],
  },
  User: recordSchema(USER_OUTPUT, { groups: { type: 'array', items: REFERENCE, description: 'Groups the user belongs to (those you may see).' } }),
  Entity: recordSchema(REFERENCE_LISTS.entities.output),
  Group: recordSchema(REFERENCE_LISTS.groups.output),
  Profile: recordSchema(REFERENCE_LISTS.profiles.output),
  ProjectState: recordSchema(REFERENCE_LISTS['project-states'].output),
  ItilCategory: recordSchema(REFERENCE_LISTS['itil-categories'].output),
  Location: recordSchema(REFERENCE_LISTS.locations.output),
  Token: TOKEN_SCHEMA,
  NewToken: NEW_TOKEN_SCHEMA,
  Session: SESSION_SCHEMA,
  SessionWithCalls: SESSION_WITH_CALLS_SCHEMA,
  AuditEntry: AUDIT_ENTRY_SCHEMA,
  AuditPage: AUDIT_PAGE_SCHEMA,
  Tool: TOOL_SCHEMA,
} satisfies Record<string, JsonSchema>;

export type SchemaName = keyof typeof SCHEMAS;

export function componentSchemas(): Record<string, JsonSchema> {
  return SCHEMAS;
}

/** The error answers a route can give, by HTTP status; which ones a route lists is decided in openapi-document.ts. */
export const ERROR_RESPONSES = {
  401: { name: 'Unauthenticated', description: 'UNAUTHENTICATED: no token, or an unknown, expired or revoked one.', headers: ['WWW-Authenticate'] },
  403: { name: 'Forbidden', description: 'FORBIDDEN: the token lacks the scope, or your profile the right.', headers: [] },
  404: { name: 'NotFound', description: 'NOT_FOUND: no such record among those you may see.', headers: [] },
  409: { name: 'Conflict', description: 'CONFLICT: the idempotency_key was used with other arguments, or a unique value is taken.', headers: [] },
  413: { name: 'PayloadTooLarge', description: 'VALIDATION_FAILED: the body is larger than the server accepts (BODY_LIMIT).', headers: [] },
  415: {
    name: 'UnsupportedMediaType',
    description: 'VALIDATION_FAILED: the body is not UTF-8 JSON (Content-Type application/json, no Content-Encoding); the issue names what is read.',
    headers: [],
  },
  422: { name: 'ValidationFailed', description: 'VALIDATION_FAILED: every problem of the input in `issues`; nothing was written.', headers: [] },
  429: { name: 'RateLimited', description: 'RATE_LIMITED: too many calls per minute; retry after Retry-After seconds.', headers: ['Retry-After'] },
  500: { name: 'Internal', description: 'INTERNAL: an unexpected fault (no details are shown).', headers: [] },
  503: {
    name: 'Unavailable',
    description: 'UNAVAILABLE: the database or the rate-limit store is unreachable; retry after Retry-After seconds.',
    headers: ['Retry-After'],
  },
} as const;

export type ErrorStatus = keyof typeof ERROR_RESPONSES;

export const HEADERS: Record<string, JsonSchema> = {
  'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 0 } },
  'WWW-Authenticate': { description: 'Bearer realm="intentdesk" (with error="invalid_token" when a token was sent and refused).', schema: { type: 'string' } },
};

const VALIDATION_EXAMPLE = {
  status: 'error',
  domain: 'project',
  tool: 'project_create',
  error: {
    code: 'VALIDATION_FAILED',
    retryable: false,
    message: '2 problems in the input. Fix all of them and send the request again.',
    issues: [
      {
        field: 'projectstates_id',
        code: 'REFERENCE_NOT_FOUND',
        received: 'Procesing',
        message: "name 'Procesing' not found in project states. Available: Closed, New, Processing.",
        available: ['Closed', 'New', 'Processing'],
        did_you_mean: 'Processing',
      },
      {
        field: 'plan_start_date',
        code: 'INVALID_DATE',
        received: '01/06/2026',
        message: 'plan_start_date is not a date.',
        expected: DATE_FORMATS_EXPECTED,
      },
    ],
  },
};

/** components.responses: one per error status, all with the error envelope. */
export function errorResponseComponents(): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const [status, response] of Object.entries(ERROR_RESPONSES)) {
    out[response.name] = {
      description: response.description,
      ...(response.headers.length ? { headers: Object.fromEntries(response.headers.map((h) => [h, { $ref: `#/components/headers/${h}` }])) } : {}),
      content: {
        'application/json': {
          schema: { $ref: '#/components/schemas/ErrorEnvelope' },
          ...(status === '422' ? { example: VALIDATION_EXAMPLE } : {}),
        },
      },
    };
  }
  return out;
}
