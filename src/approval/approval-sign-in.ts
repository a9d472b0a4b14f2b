import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { toDate } from '../database/db-dates.js';
import { DbLock } from '../database/db-lock.js';
import { hashSecret } from '../database/secret-hash.js';
import { localReturnPath } from '../oauth/return-path.js';
import { boundToken, cookieOf } from '../oauth/web-session.service.js';
import { OtpDelivery } from '../session/otp/otp-delivery.js';
import { PublicUrl } from './public-url.js';

/**
 * Who the person in front of the approval page is. The page reads only this (ApprovalModule binds
 * the implementation): the built-in one-time link, and the server's web session when it has one.
 */
export abstract class ApprovalSignIn {
  /** The signed-in user of this browser request, or null. */
  abstract userOf(req: IncomingMessage): Promise<number | null>;
  /** A token bound to this browser's sign-in and `purpose`, for the page's forms (CSRF); null when not signed in. */
  abstract csrfToken(req: IncomingMessage, purpose: string): Promise<string | null>;
  /** How a person who is not signed in signs in: a form posting to `action` (a link), and where to sign in with a password, if anywhere. */
  abstract offer(approvalId: string): SignInOffer;
}

export interface SignInOffer {
  action: string;
  password?: string;
}

const COOKIE = 'idesk_approval';
const LINK_TTL_MS = 10 * 60_000;
const SESSION_TTL_MS = 30 * 60_000;
/** Anyone holding an approval URL can ask for a link: at most one per user per this interval reaches the user. */
const LINK_INTERVAL_MS = 30_000;

/** A token's secret part: base64url, 43 characters (32 bytes). */
const SECRET = /^[A-Za-z0-9_-]{43}$/;

/**
 * The built-in sign-in: a one-time link, delivered out of band through OTP_DELIVERY to the user the
 * approval is for, opens a short web session (a cookie whose hash is in `web_sign_ins`) on the
 * browser that follows it. Whoever can read the user's codes can read their links.
 */
@Injectable()
export class OneTimeLinkSignIn extends ApprovalSignIn {
  constructor(
    private readonly dataSource: DataSource,
    private readonly lock: DbLock,
    private readonly delivery: OtpDelivery,
    private readonly urls: PublicUrl,
  ) {
    super();
  }

  async userOf(req: IncomingMessage): Promise<number | null> {
    const secret = cookieOf(req, COOKIE);
    if (!secret || !SECRET.test(secret)) return null;
    const row = await this.dataSource
      .createQueryBuilder()
      .select(['w.users_id AS users_id', 'w.session_expires_at AS session_expires_at'])
      .from('web_sign_ins', 'w')
      .innerJoin('glpi_users', 'u', 'u.id = w.users_id AND u.is_active = :active AND u.is_deleted = :deleted', { active: true, deleted: false })
      .where('w.session_hash = :hash', { hash: hashSecret(secret) })
      .getRawOne<{ users_id: number; session_expires_at: Date | string }>();
    const until = toDate(row?.session_expires_at);
    return row && until && until.getTime() > Date.now() ? Number(row.users_id) : null;
  }

  csrfToken(req: IncomingMessage, purpose: string): Promise<string | null> {
    const secret = cookieOf(req, COOKIE);
    return Promise.resolve(secret && SECRET.test(secret) ? boundToken(secret, purpose) : null);
  }

  offer(approvalId: string): SignInOffer {
    return { action: `/approve/${encodeURIComponent(approvalId)}/sign-in` };
  }

  /** Sends `userId` a link that signs this browser in and comes back to `returnTo` (a path of this server). */
  async sendLink(userId: number, returnTo: string): Promise<void> {
    const recent = await this.dataSource
      .createQueryBuilder()
      .select('COUNT(*)', 'n')
      .from('web_sign_ins', 'w')
      .where('w.users_id = :userId AND w.created_at > :since AND w.used_at IS NULL', { userId, since: new Date(Date.now() - LINK_INTERVAL_MS) })
      .getRawOne<{ n: number | string }>();
    if (Number(recent?.n) > 0) return;
    const login = await this.dataSource
      .createQueryBuilder()
      .select('u.name', 'name')
      .from('glpi_users', 'u')
      .where('u.id = :userId', { userId })
      .getRawOne<{ name: string }>();
    if (!login) return;
    const secret = randomBytes(32).toString('base64url');
    const now = new Date();
    const expires = new Date(now.getTime() + LINK_TTL_MS);
    await this.lock.exclusive(() =>
      this.dataSource
        .createQueryBuilder()
        .insert()
        .into('web_sign_ins')
        .values({ users_id: userId, link_hash: hashSecret(secret), return_to: returnTo, link_expires_at: expires, created_at: now })
        .execute(),
    );
    await this.delivery.sendLink({ user: login.name, link: `${this.urls.base}/approve/sign-in/${secret}`, expires_at: expires.toISOString() });
  }

  /** True when `secret` is a link that would still sign in (unused, unexpired): reading it spends nothing. */
  async isLive(secret: string): Promise<boolean> {
    if (!SECRET.test(secret)) return false;
    const row = await this.dataSource
      .createQueryBuilder()
      .select('COUNT(*)', 'n')
      .from('web_sign_ins', 'w')
      .where('w.link_hash = :hash AND w.used_at IS NULL AND w.link_expires_at > :now', { hash: hashSecret(secret), now: new Date() })
      .getRawOne<{ n: number | string }>();
    return Number(row?.n) > 0;
  }

  /**
   * Uses a link once: the UPDATE that marks it used is the check, so two browsers opening one link
   * get one session. Sets the cookie and answers where to go, or null for a used, expired or unknown link.
   */
  async redeem(secret: string, res: ServerResponse): Promise<string | null> {
    if (!SECRET.test(secret)) return null;
    const session = randomBytes(32).toString('base64url');
    const now = new Date();
    const result = await this.lock.exclusive(() =>
      this.dataSource
        .createQueryBuilder()
        .update('web_sign_ins')
        .set({ used_at: now, session_hash: hashSecret(session), session_expires_at: new Date(now.getTime() + SESSION_TTL_MS) })
        .where('link_hash = :hash AND used_at IS NULL AND link_expires_at > :now', { hash: hashSecret(secret), now })
        .execute(),
    );
    if (result.affected !== 1) return null;
    const row = await this.dataSource
      .createQueryBuilder()
      .select('w.return_to', 'return_to')
      .from('web_sign_ins', 'w')
      .where('w.link_hash = :hash', { hash: hashSecret(secret) })
      .getRawOne<{ return_to: string }>();
    const secure = this.urls.base.startsWith('https:') ? '; Secure' : '';
    res.setHeader('Set-Cookie', `${COOKIE}=${session}; Path=/approve; HttpOnly; SameSite=Lax; Max-Age=${SESSION_TTL_MS / 1000}${secure}`);
    // Stored by this server, yet checked by the one rule every redirect to a path passes.
    return localReturnPath(row?.return_to) ?? '/approve';
  }

  /** The same secret compared in constant time. */
  static same(a: string, b: string): boolean {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
  }
}
