import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { DeskError } from '../../envelope/desk-error.js';
import { errorEnvelope } from '../../envelope/envelope-builder.js';
import { errorHeaders, httpStatusOf } from '../../envelope/http-status.js';
import { JSON_TYPE, wholeHeaders, writeJson } from '../../envelope/whole-answer.js';
import type { ClientAddresses } from './client-address.js';

const RETRY_AFTER_SECONDS = 1;

/**
 * Caps what one client address may hold at once (HTTP_MAX_CONNECTIONS_PER_CLIENT), so a few slow
 * or greedy clients cannot take every socket: connections of a peer that is not a trusted proxy,
 * counted when they open and refused at once past the cap (429, closed); and, for clients behind a
 * trusted proxy — whose connections carry many clients — requests in flight, refused with 429.
 * Health probes are not exempt: a connection is counted before its path is read, and reading past
 * the cap is what a slowloris needs (docs/security.md).
 */
export class ConnectionCap {
  private readonly held = new Map<string, number>();
  /** Connections refused on open: whatever request they still carry is never served. */
  private readonly refused = new WeakSet<Socket>();

  constructor(
    private readonly addresses: ClientAddresses,
    private readonly max: number,
  ) {}

  /** `connection` listener of the HTTP server. */
  readonly onConnection = (socket: Socket): void => {
    if (this.max === 0) return;
    const peer = this.addresses.peerOf(socket);
    if (this.addresses.isTrusted(peer)) return;
    if (!this.acquire(peer)) {
      this.refused.add(socket);
      socket.on('error', () => undefined);
      socket.write(rawRefusal(this.max));
      socket.destroySoon();
      return;
    }
    socket.once('close', () => this.release(peer));
  };

  /** Before a request is served: false when it must not be (refused here with 429, or on a refused connection). */
  admit(req: IncomingMessage, res: ServerResponse): boolean {
    if (this.refused.has(req.socket)) {
      res.destroy();
      return false;
    }
    if (this.max === 0 || !this.addresses.isTrusted(this.addresses.peerOf(req.socket))) return true;
    const client = this.addresses.of(req);
    if (!this.acquire(client)) {
      const { status, headers, body } = refusal(this.max);
      writeJson(res, status, body, headers);
      return false;
    }
    res.once('close', () => this.release(client));
    return true;
  }

  private acquire(address: string): boolean {
    const count = this.held.get(address) ?? 0;
    if (count >= this.max) return false;
    this.held.set(address, count + 1);
    return true;
  }

  private release(address: string): void {
    const count = (this.held.get(address) ?? 1) - 1;
    if (count <= 0) this.held.delete(address);
    else this.held.set(address, count);
  }
}

function refusal(max: number): { status: number; headers: Record<string, string>; body: string } {
  const error = new DeskError(
    'RATE_LIMITED',
    `Too many connections from this client address (at most ${max} at once). Close some, or wait ${RETRY_AFTER_SECONDS} s, and retry.`,
    {
      retryAfterSeconds: RETRY_AFTER_SECONDS,
    },
  );
  const body = JSON.stringify(errorEnvelope({ tool: null, route: 'connection', domain: null, sessionId: null }, error));
  return { status: httpStatusOf(error.code), headers: errorHeaders(error, false), body };
}

/** The same answer written straight on a socket no request was read from. */
function rawRefusal(max: number): string {
  const { headers, body } = refusal(max);
  const lines = Object.entries(wholeHeaders(JSON_TYPE, Buffer.byteLength(body), { ...headers, Connection: 'close' }));
  return `HTTP/1.1 429 Too Many Requests\r\n${lines.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n${body}`;
}
