import type { ServerResponse } from 'node:http';

// The answers the server writes on Node's HTTP server itself, ahead of the REST framework (MCP,
// OAuth's pages and metadata, metrics, the connection cap's 429): each whole at once, with its exact
// length, so a client never waits for a chunked end and a proxy can check what it forwards.

export const JSON_TYPE = 'application/json; charset=utf-8';
export const TEXT_TYPE = 'text/plain; charset=utf-8';
export const HTML_TYPE = 'text/html; charset=utf-8';

/**
 * The headers of a whole answer: the caller's first (the order they are written in), then the
 * body's type (none without a body) and its length in bytes. A fresh object, never the caller's.
 */
export function wholeHeaders(type: string | undefined, byteLength: number, headers?: Readonly<Record<string, string>>): Record<string, string> {
  const all: Record<string, string> = headers ? { ...headers } : {};
  if (type !== undefined) all['Content-Type'] = type;
  all['Content-Length'] = String(byteLength);
  return all;
}

/**
 * Writes `status`, the headers and `text` of `type` as one answer. The text is made into bytes once:
 * given as text, Node measures it, then joins it to the head and copies the whole as text again to
 * write it. A HEAD request gets the same headers and no body (Node drops it).
 */
export function writeWhole(res: ServerResponse, status: number, type: string, text: string, headers?: Readonly<Record<string, string>>): void {
  const bytes = Buffer.from(text, 'utf8');
  res.writeHead(status, wholeHeaders(type, bytes.length, headers)).end(bytes);
}

/** An answer without a body: length 0, no type. */
export function writeEmpty(res: ServerResponse, status: number, headers?: Readonly<Record<string, string>>): void {
  res.writeHead(status, wholeHeaders(undefined, 0, headers)).end();
}

/** A JSON text as a whole answer; none (a notification's 202): an empty one. */
export function writeJson(res: ServerResponse, status: number, json: string | undefined, headers?: Readonly<Record<string, string>>): void {
  if (json === undefined) writeEmpty(res, status, headers);
  else writeWhole(res, status, JSON_TYPE, json, headers);
}
