import { createServer } from 'node:http';
import { openTicketReader, ready, requiredEnv, ticketEnvelope, toolResult } from './ticket-row.js';

/**
 * Baseline (a), the floor: node:http, no MCP library. Parses the JSON-RPC request, reads the row and
 * answers a JSON-RPC result padded (with trailing JSON white space) to BENCH_BODY_BYTES, the size of
 * the product's ticket_get answer, so both put the same bytes on the wire.
 */
const port = Number(requiredEnv('PORT'));
const targetBytes = Number(process.env.BENCH_BODY_BYTES ?? 0);
const read = openTicketReader(requiredEnv('BENCH_SQLITE'));

const server = createServer((req, res) => {
  if (req.method !== 'POST') {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ready"}');
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    let message: { id?: unknown; params?: { arguments?: { id?: unknown } } };
    try {
      message = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' }).end('{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}');
      return;
    }
    const id = Number(message.params?.arguments?.id);
    const body = JSON.stringify({ jsonrpc: '2.0', id: message.id ?? null, result: toolResult(ticketEnvelope(id, read(id))) });
    const bytes = Buffer.byteLength(body);
    const out = bytes < targetBytes ? body + ' '.repeat(targetBytes - bytes) : body;
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(out) }).end(out);
  });
});
server.keepAliveTimeout = 65_000;
server.listen(port, '127.0.0.1', () => ready('bare-http', port));
