import type { IncomingMessage } from 'node:http';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { MCP_PATH, PROTECTED_RESOURCE_METADATA } from '../envelope/entry-points.js';

export const ISSUER_PATH = '/oauth';
/** The sign-in page for this server's own pages (not a client's): a password, then back to `return_to`. */
export const LOGIN_PATH = `${ISSUER_PATH}/login`;
export const AUTHORIZATION_SERVER_METADATA = '/.well-known/oauth-authorization-server';

/**
 * The URLs this server is known by: the MCP resource (the audience its tokens are bound to), its
 * metadata, and the issuer of the built-in authorization server. They come from PUBLIC_URL, never
 * from a request's Host header (a forged Host must not rename the issuer or the audience); without
 * PUBLIC_URL, from the address the server is listening on.
 */
@Injectable()
export class OAuthUrls {
  private listening: string | null = null;

  constructor(private readonly config: AppConfig) {}

  origin(req: IncomingMessage): string {
    if (this.config.publicUrl) return this.config.publicUrl;
    if (!this.listening) {
      const { localAddress, localPort } = req.socket;
      const host = !localAddress ? '127.0.0.1' : localAddress.includes(':') ? `[${localAddress.replace(/^::ffff:/, '')}]` : localAddress;
      this.listening = `http://${host.replace(/^\[(\d+\.\d+\.\d+\.\d+)\]$/, '$1')}:${localPort}`;
    }
    return this.listening;
  }

  resource(req: IncomingMessage): string {
    return this.origin(req) + MCP_PATH;
  }

  /** RFC 9728 §3.1: the metadata of a resource with a path sits at the well-known URL plus that path. */
  resourceMetadata(req: IncomingMessage): string {
    return this.origin(req) + PROTECTED_RESOURCE_METADATA + MCP_PATH;
  }

  /** The authorization server tokens come from: the external one, or the built-in one at /oauth. */
  issuer(req: IncomingMessage): string {
    return this.config.oauthIssuer ?? this.origin(req) + ISSUER_PATH;
  }
}
