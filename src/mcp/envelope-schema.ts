import type { JsonSchema } from '../common/input/json-schema.js';

/** outputSchema of every tool: the envelope object of both outcomes (success and error). */
export const ENVELOPE_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: ['success', 'error'] },
    domain: { type: ['string', 'null'] },
    tool: { type: 'string' },
    session_id: { type: 'string' },
    id: { type: ['integer', 'string'] },
    message: { type: 'string' },
    applied: { type: 'object', description: 'Exactly what was written, after resolution and normalization.' },
    resolved: {
      type: 'object',
      description: 'Per reference field given by name or id: { input, id, name }.',
      additionalProperties: { type: 'object', properties: { input: {}, id: { type: 'integer' }, name: { type: 'string' } } },
    },
    data: { description: 'The record (get, write) or { items, total, next_cursor } (search).' },
    dry_run: { type: 'boolean' },
    replayed: { type: 'boolean' },
    error: {
      type: 'object',
      properties: {
        code: { type: 'string' },
        retryable: { type: 'boolean' },
        message: { type: 'string' },
        retry_after_seconds: { type: 'integer' },
        issues: { type: 'array', items: { type: 'object' } },
        next_call: { type: 'object', properties: { tool: { type: 'string' }, arguments: { type: 'object' } } },
      },
      required: ['code', 'retryable', 'message'],
    },
  },
  required: ['status', 'tool'],
};
