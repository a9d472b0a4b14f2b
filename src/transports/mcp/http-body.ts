import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import { NOT_JSON, NOT_UTF8_MESSAGE, PARSE_ERROR_MESSAGE, parseJsonRpc } from './json-rpc.js';

/** Why a POST body was refused: the HTTP status and a message for the JSON-RPC error. */
export interface BodyRefusal {
  status: number;
  /** JSON-RPC code: PARSE_ERROR for unreadable JSON, SERVER_ERROR otherwise. */
  parseError: boolean;
  message: string;
  /** A media type refused: what is read, and what was sent instead (the issue of REST's answer). */
  expected?: string;
  received?: string;
}

export type BodyResult = { ok: true; value: unknown } | ({ ok: false } & BodyRefusal);

const UNITS: Record<string, number> = { kb: 1024, mb: 1024 * 1024 };

/** `512kb`, `1mb` (the BODY_LIMIT format) in bytes. */
export function byteSize(limit: string): number {
  const match = /^(\d+)(kb|mb)$/i.exec(limit.trim());
  if (!match) throw new Error(`Not a size: ${limit}`);
  return Number(match[1]) * UNITS[match[2].toLowerCase()];
}

/**
 * The media type check of every JSON body read (/mcp, and REST's), before reading: JSON
 * (`application/json` or `application/*+json`), in UTF-8, not compressed. Undefined when acceptable.
 */
export function refuseMediaType(req: IncomingMessage): BodyRefusal | undefined {
  const contentType = req.headers['content-type'] ?? '';
  // What nearly every client sends: nothing to split or match.
  if (contentType === 'application/json' && req.headers['content-encoding'] === undefined) return undefined;
  const [type, ...params] = contentType.split(';');
  const mediaType = type.trim().toLowerCase();
  if (mediaType !== 'application/json' && !/^application\/[\w.+-]+\+json$/.test(mediaType)) {
    return {
      status: 415,
      parseError: false,
      message: 'Unsupported Media Type: Content-Type must be application/json',
      expected: 'application/json',
      received: contentType.slice(0, 80),
    };
  }
  const charset = params.map((p) => /^\s*charset\s*=\s*"?([^";\s]+)"?\s*$/i.exec(p)?.[1]).find(Boolean);
  if (charset && !/^utf-?8$/i.test(charset)) {
    return {
      status: 415,
      parseError: false,
      message: `Unsupported Media Type: charset '${charset.slice(0, 40)}'; send UTF-8.`,
      expected: 'UTF-8',
      received: charset.slice(0, 40),
    };
  }
  const encoding = req.headers['content-encoding'];
  if (encoding && encoding.trim().toLowerCase() !== 'identity') {
    return {
      status: 415,
      parseError: false,
      message: `Unsupported Media Type: Content-Encoding '${encoding.slice(0, 40)}'; send the body uncompressed.`,
      expected: 'an uncompressed body',
      received: encoding.slice(0, 40),
    };
  }
  return undefined;
}

/**
 * Reads and parses a JSON body of at most `limit` bytes. Strict like a JSON-RPC body must be: an
 * object or an array. A body over the limit is refused as soon as that is known (from
 * Content-Length, or while reading); what the client still sends is discarded by Node once the
 * answer is out.
 */
export function readJsonBody(req: IncomingMessage, limit: number): Promise<BodyResult> {
  const tooLarge: BodyResult = { ok: false, status: 413, parseError: false, message: 'Request body too large.' };
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve(tooLarge);
  return new Promise((resolve) => {
    // The listeners are inline and share one state object: a closure bound to a name gets its name
    // set at run time in the bundle (keepNames), on every request. `on`, not `once`: the read settles
    // once anyway, and `once` wraps each listener anew on every request.
    const body: BodyRead = { chunks: [], size: 0, settled: false, resolve };
    req.on('data', (chunk: Buffer) => {
      if (body.settled) return; // past the limit: drained, nothing more kept
      body.size += chunk.length;
      if (body.size > limit) {
        body.chunks.length = 0;
        settle(body, tooLarge);
        return;
      }
      body.chunks.push(chunk);
    });
    req.on('end', () => {
      settle(body, parseJson(body.chunks.length === 1 ? body.chunks[0] : Buffer.concat(body.chunks, body.size)));
    });
    req.on('error', () => {
      settle(body, UNREADABLE);
    });
    // A client that goes away mid-body: without this the call would wait forever ('close' after 'end' is a no-op).
    req.on('close', () => {
      settle(body, UNREADABLE);
    });
  });
}

/** A body being read: what came so far, and how the read ends (once). */
interface BodyRead {
  chunks: Buffer[];
  size: number;
  settled: boolean;
  resolve: (result: BodyResult) => void;
}

const UNREADABLE: BodyResult = { ok: false, status: 400, parseError: false, message: 'The request body could not be read.' };

/** Ends the read with `result`, the first time only; the 'data' listener stays, so the rest is drained. */
function settle(body: BodyRead, result: BodyResult): void {
  if (body.settled) return;
  body.settled = true;
  body.resolve(result);
}

const PARSE_ERROR: BodyResult = { ok: false, status: 400, parseError: true, message: PARSE_ERROR_MESSAGE };

const NOT_UTF8: BodyResult = { ok: false, status: 400, parseError: true, message: NOT_UTF8_MESSAGE };

function parseJson(body: Buffer): BodyResult {
  if (!isUtf8(body)) return NOT_UTF8;
  const value = parseJsonRpc(body.toString('utf8'));
  return value === NOT_JSON ? PARSE_ERROR : { ok: true, value };
}
