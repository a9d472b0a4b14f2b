import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { normalizeAddress, trustedProxies } from '../../config/trusted-proxies.js';

/**
 * The client address of a request from `peer` carrying `forwardedFor` (every X-Forwarded-For
 * header): walk from the right over trusted proxies; the first untrusted hop is the client. A hop
 * that is not an address ends the walk at the proxy that passed it on.
 */
export function clientAddressOf(peer: string, forwardedFor: string | string[] | undefined, isTrusted: (address: string) => boolean): string {
  if (!forwardedFor || !isTrusted(peer)) return peer;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor).split(',');
  let client = peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = normalizeAddress(hops[i]);
    if (!hop) return client;
    client = hop;
    if (!isTrusted(hop)) return hop;
  }
  return client;
}

/** Where a socket's peer is unknown (already closed): one shared key, never an exemption. */
const UNKNOWN_PEER = 'unknown';

/**
 * The address of the client behind a request: the TCP peer, or — when the peer is a trusted proxy
 * (TRUSTED_PROXIES) — the right-most address of X-Forwarded-For that is not itself a trusted proxy.
 * Everything left of that hop was written by the client and is never believed. One helper for every
 * use: per-address limits on /mcp and REST, and the connection cap.
 */
@Injectable()
export class ClientAddresses {
  readonly isTrusted: (address: string) => boolean;
  /** Each open connection's peer, normalized once: a kept-alive connection carries many requests. */
  private readonly peers = new WeakMap<Socket, string>();

  constructor(config: AppConfig) {
    this.isTrusted = trustedProxies(config.trustedProxies);
  }

  /** The TCP peer of a connection, normalized. */
  peerOf(socket: Socket): string {
    let peer = this.peers.get(socket);
    if (peer === undefined) {
      // A socket already closed has no address: unknown, and not kept.
      peer = normalizeAddress(socket.remoteAddress);
      if (peer === undefined) return UNKNOWN_PEER;
      this.peers.set(socket, peer);
    }
    return peer;
  }

  /** The client a request comes from (see clientAddressOf). */
  of(req: IncomingMessage): string {
    return clientAddressOf(this.peerOf(req.socket), req.headers['x-forwarded-for'], this.isTrusted);
  }
}
