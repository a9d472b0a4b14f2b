import { Injectable } from '@nestjs/common';
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ToolError } from '../../common/errors/tool-error.js';
import { AppConfig } from '../../config/app-config.js';
import { DbLock } from '../../database/db-lock.js';
import { SessionsService, type SessionRow } from '../../session/sessions.service.js';
import type { Principal } from '../principal.js';
import { OtpDelivery } from './otp-delivery.js';

export const MAX_FAILURES = 5;

/** Codes are bound to their session: the same digits verify nothing else. */
function hashCode(sessionId: string, code: string): string {
  return createHash('sha256').update(`${sessionId}:${code}`).digest('hex');
}

/**
 * Step-up verification of a session: a 6-digit code from a CSPRNG, stored hashed, delivered out of
 * band, single use, expiring; MAX_FAILURES wrong codes lock the session's verification for a while.
 */
@Injectable()
export class OtpService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sessions: SessionsService,
    private readonly delivery: OtpDelivery,
    private readonly config: AppConfig,
    private readonly lock: DbLock,
  ) {}

  async request(principal: Principal, sessionId: string): Promise<{ session: SessionRow; expiresAt: Date; channel: string }> {
    const session = await this.liveSession(principal, sessionId);
    this.assertNotLocked(session);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiresAt = new Date(Date.now() + this.config.otpTtlSeconds * 1000);
    await this.sessions.update(session.id, { otp_hash: hashCode(session.id, code), otp_expires_at: expiresAt });
    await this.delivery.send({ user: principal.login, session_id: session.id, code, expires_at: expiresAt.toISOString() });
    return { session, expiresAt, channel: this.delivery.channel };
  }

  async verify(principal: Principal, sessionId: string, code: string): Promise<{ session: SessionRow; verifiedUntil: Date }> {
    const session = await this.liveSession(principal, sessionId);
    this.assertNotLocked(session);
    if (!session.otp_hash || !session.otp_expires_at || session.otp_expires_at.getTime() <= Date.now()) {
      throw new ToolError('VERIFICATION_REQUIRED', 'No code is pending for this session, or it expired. Request a new one.', {
        nextCall: { tool: 'auth_request_otp', arguments: { session_id: session.id } },
      });
    }
    const given = Buffer.from(hashCode(session.id, code), 'hex');
    const expected = Buffer.from(session.otp_hash, 'hex');
    const verifiedUntil = new Date(Date.now() + this.config.verificationTtlMinutes * 60_000);
    if (given.length === expected.length && timingSafeEqual(given, expected)) {
      // Conditional on the stored hash: of two concurrent uses of one code, only one succeeds.
      const result = await this.lock.exclusive(() =>
        this.dataSource
          .createQueryBuilder()
          .update('mcp_sessions')
          .set({ otp_hash: null, otp_expires_at: null, otp_failures: 0, verified_until: verifiedUntil })
          .where('id = :id AND otp_hash = :hash', { id: session.id, hash: session.otp_hash })
          .execute(),
      );
      if ((result.affected ?? 0) === 1) return { session, verifiedUntil };
    }
    return this.recordFailure(session);
  }

  private async recordFailure(session: SessionRow): Promise<never> {
    await this.lock.exclusive(() =>
      this.dataSource.createQueryBuilder().update('mcp_sessions').set({ otp_failures: () => 'otp_failures + 1' }).where('id = :id', { id: session.id }).execute(),
    );
    const after = await this.sessions.get(session.id);
    const failures = after?.otp_failures ?? MAX_FAILURES;
    if (failures >= MAX_FAILURES) {
      const until = new Date(Date.now() + this.config.otpLockMinutes * 60_000);
      await this.sessions.update(session.id, { otp_locked_until: until, otp_hash: null, otp_expires_at: null, otp_failures: 0 });
      throw new ToolError('RATE_LIMITED', `Too many wrong codes: verification of this session is locked for ${this.config.otpLockMinutes} minutes.`, {
        retryAfterSeconds: this.config.otpLockMinutes * 60,
      });
    }
    const left = MAX_FAILURES - failures;
    throw ToolError.validation('auth_verify_otp', [
      { field: 'code', code: 'INVALID_VALUE', received: '(hidden)', message: `Wrong code. ${left} attempt${left === 1 ? '' : 's'} left before verification locks. Ask the user to check the code.` },
    ]);
  }

  private async liveSession(principal: Principal, sessionId: string): Promise<SessionRow> {
    const session = await this.sessions.findLive(sessionId, principal.userId);
    if (!session) {
      throw new ToolError('SESSION_NOT_FOUND', `Session '${sessionId.slice(0, 64)}' does not exist, has expired or is not yours.`, {
        nextCall: { tool: 'domain_switch', arguments: { domain: '<project|ticket|user>' } },
      });
    }
    return session;
  }

  private assertNotLocked(session: SessionRow): void {
    const until = session.otp_locked_until;
    if (until && until.getTime() > Date.now()) {
      const seconds = Math.ceil((until.getTime() - Date.now()) / 1000);
      throw new ToolError('RATE_LIMITED', `Verification of this session is locked after too many wrong codes. Retry in ${seconds} s.`, { retryAfterSeconds: seconds });
    }
  }
}
