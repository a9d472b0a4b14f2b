import { openTicketReader, requiredEnv, serveBare, ticketEnvelope, toolResult } from './ticket-row.js';

/**
 * Baseline (a), the floor: node:http, no MCP library. Parses the JSON-RPC request, reads the row and
 * answers a JSON-RPC result padded (with trailing JSON white space) to BENCH_BODY_BYTES, the size of
 * the product's ticket_get answer, so both put the same bytes on the wire.
 */
const targetBytes = Number(process.env.BENCH_BODY_BYTES ?? 0);
const read = openTicketReader(requiredEnv('BENCH_SQLITE'));

serveBare(
  'bare-http',
  (message) => {
    const id = Number(message.params?.arguments?.id);
    return { result: toolResult(ticketEnvelope(id, read(id))) };
  },
  () => targetBytes,
);
