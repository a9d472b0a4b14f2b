import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { hashSecret } from '../database/secret-hash.js';
import { OAuthRecordsStore } from './oauth-records.store.js';

const COOKIE = 'intentdesk_web';
const KIND = 'WebSession';
const TTL_SECONDS = 8 * 3600;

/**
 * A person signed in on this server's web pages (the OAuth login and consent pages, and any page
 * that needs a person rather than a token). The cookie holds a random id; only its hash is stored
 * (in oauth_records, so every replica knows it), so a copy of the table signs no one in.
 */
@Injectable()
export class WebSessionService {
  constructor(
    private readonly store: OAuthRecordsStore,
    private readonly config: AppConfig,
  ) {}

  /** The signed-in user's id, or undefined. */
  async userOf(req: IncomingMessage): Promise<number | undefined> {
    const id = cookieOf(req, COOKIE);
    if (!id) return undefined;
    const record = await this.store.find<{ userId: number }>(KIND, hashSecret(id));
    return record?.payload.userId;
  }

  /** A token for this browser's forms, bound to its web session and `purpose` (CSRF); undefined when not signed in. */
  csrfToken(req: IncomingMessage, purpose: string): string | undefined {
    const id = cookieOf(req, COOKIE);
    return id ? boundToken(id, purpose) : undefined;
  }

  /** Signs `userId` in on this browser (a new id each time: a session id set before sign-in is never kept). */
  async start(req: IncomingMessage, res: ServerResponse, userId: number): Promise<void> {
    await this.end(req, res);
    const id = randomBytes(32).toString('base64url');
    await this.store.save(KIND, hashSecret(id), { userId }, { expiresInSeconds: TTL_SECONDS });
    res.appendHeader('Set-Cookie', this.cookie(id, TTL_SECONDS));
  }

  /** Signs the browser out. */
  async end(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const id = cookieOf(req, COOKIE);
    if (!id) return;
    await this.store.destroy(KIND, hashSecret(id));
    res.appendHeader('Set-Cookie', this.cookie('', 0));
  }

  private cookie(value: string, maxAge: number): string {
    const secure = this.config.publicUrl?.startsWith('https:') ? '; Secure' : '';
    return `${COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
  }
}

/** A form token derived from a browser's secret cookie: a page of another origin can neither read nor forge it. */
export function boundToken(secret: string, purpose: string): string {
  return createHmac('sha256', secret).update(`csrf:${purpose}`).digest('base64url');
}

/** One cookie's value from the request's Cookie header. */
export function cookieOf(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim() || undefined;
  }
  return undefined;
}
