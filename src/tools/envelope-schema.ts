import type { JsonSchema } from '../input/json-schema.js';

/**
 * outputSchema of every tool: the envelope object of both outcomes (success and error). It names only
 * what every envelope has, because it is repeated for every tool in tools/list; the README documents
 * each member (domain, session_id, id, message, applied, resolved, data, error).
 */
export const ENVELOPE_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['status'],
};
