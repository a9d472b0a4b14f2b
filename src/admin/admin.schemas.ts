import { DOMAINS, SCOPES } from '../auth/principal.js';
import type { JsonSchema } from '../input/json-schema.js';
import { AUDIT_OUTCOMES } from './dto/admin.dto.js';

/**
 * OpenAPI schemas of what the admin API answers, beside the views in admin.service.ts that they
 * describe (the REST document's e2e suite checks real answers against them).
 */

const time = (description?: string): JsonSchema => ({ type: ['string', 'null'], format: 'date-time', ...(description ? { description } : {}) });

export const TOKEN_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['id', 'users_id', 'prefix', 'scopes', 'state'],
  properties: {
    id: { type: 'integer' },
    users_id: { type: 'integer' },
    name: { type: ['string', 'null'] },
    prefix: { type: 'string', description: 'The first characters of the token, to recognize it; the token itself is never shown again.' },
    scopes: { type: 'array', items: { type: 'string', enum: [...SCOPES] } },
    state: { type: 'string', enum: ['active', 'expired', 'revoked'] },
    expires_at: time('null: never expires.'),
    revoked_at: time(),
    last_used_at: time(),
    created_at: time(),
  },
};

export const NEW_TOKEN_SCHEMA: JsonSchema = {
  allOf: [
    { $ref: '#/components/schemas/Token' },
    {
      type: 'object',
      required: ['token'],
      properties: { token: { type: 'string', description: 'The bearer token. Shown only in this answer: only its hash is stored.' } },
    },
  ],
};

export const SESSION_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['id', 'users_id', 'domain', 'live', 'verified'],
  properties: {
    id: { type: 'string', description: 'ses_…' },
    users_id: { type: 'integer' },
    domain: { type: 'string', enum: [...DOMAINS], description: 'The domain the session is locked to.' },
    live: { type: 'boolean', description: 'Neither ended nor expired.' },
    verified: { type: 'boolean', description: 'Verified with a one-time code, and the verification has not expired.' },
    verified_until: time(),
    verification_locked_until: time('Set after 5 wrong codes.'),
    switch_count: { type: 'integer', minimum: 0 },
    created_at: time(),
    last_seen_at: time(),
    expires_at: time(),
    ended_at: time(),
  },
};

export const AUDIT_ENTRY_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['id', 'at', 'transport', 'outcome'],
  properties: {
    id: { type: 'integer' },
    at: { type: 'string', format: 'date-time' },
    users_id: { type: ['integer', 'null'] },
    token_id: {
      type: ['integer', 'null'],
      description: "The token the call was made with (null: an external issuer's token, a refusal before any token was known, or a tally).",
    },
    session_id: { type: ['string', 'null'] },
    request_id: { type: ['string', 'null'], description: 'The X-Request-Id of the call (null on rows that tally refused calls).' },
    transport: { type: 'string', enum: ['mcp', 'rest'] },
    tool: { type: ['string', 'null'] },
    route: { type: ['string', 'null'], description: 'REST calls: method and path.' },
    domain: { type: ['string', 'null'] },
    outcome: { type: 'string', enum: [...AUDIT_OUTCOMES] },
    duration_ms: { type: 'number', minimum: 0 },
    changes: { description: 'What a write applied (its "applied"), or null.' },
    message: { type: ['string', 'null'] },
  },
};

export const SESSION_WITH_CALLS_SCHEMA: JsonSchema = {
  allOf: [
    { $ref: '#/components/schemas/Session' },
    {
      type: 'object',
      required: ['recent_calls'],
      properties: {
        recent_calls: { type: 'array', items: { $ref: '#/components/schemas/AuditEntry' }, description: 'The latest 50 calls of the session, newest first.' },
      },
    },
  ],
};

export const AUDIT_PAGE_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['items', 'next_cursor'],
  properties: {
    items: { type: 'array', items: { $ref: '#/components/schemas/AuditEntry' } },
    next_cursor: { type: ['integer', 'null'], description: 'Send as `cursor` for older entries; null when there are none.' },
  },
};

export const TOOL_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['name', 'description', 'inputSchema'],
  description: 'A tool as MCP tools/list shows it.',
  properties: {
    name: { type: 'string' },
    title: { type: 'string' },
    description: { type: 'string' },
    inputSchema: { type: 'object', description: 'JSON Schema of the arguments.' },
    outputSchema: { type: 'object', description: 'JSON Schema of structuredContent (the envelope).' },
    annotations: { type: 'object' },
  },
};
