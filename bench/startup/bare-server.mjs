// Startup baseline: the smallest useful HTTP server on bare node, answering GET /ready.
import { createServer } from 'node:http';

const port = Number(process.env.PORT);
createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ready"}');
}).listen(port, '127.0.0.1');
