import type { JsonSchema } from '../common/input/json-schema.js';

/**
 * outputSchema of every tool: the envelope object of both outcomes (success and error), kept small
 * because it is repeated for every tool in tools/list. The README documents each member.
 */
export const ENVELOPE_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    status: { enum: ['success', 'error'] },
    tool: { type: 'string' },
    domain: { type: ['string', 'null'] },
    session_id: { type: 'string' },
    message: { type: 'string' },
    applied: { type: 'object' },
    resolved: { type: 'object' },
    data: {},
    error: { type: 'object' },
  },
  required: ['status', 'tool'],
};
