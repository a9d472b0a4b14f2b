import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Principal } from '../../auth/principal.js';
import { AppConfig } from '../../config/app-config.js';
import { DeskError } from '../../envelope/desk-error.js';
import { refusalIn } from '../../envelope/refusal-session.js';
import { Metrics } from '../../observe/metrics.js';
import type { Call } from '../../tools/call.js';
import { type SessionRow, SessionsRepository } from '../sessions.repository.js';
import { type Attempt, OtpAttempts, SESSION_MAX_FAILURES, sessionLocked, USER_MAX_FAILURES, userLocked } from './otp-attempts.js';
import { OtpDelivery } from './otp-delivery.js';

/** Codes are bound to their session: the same digits verify nothing else. */
function hashCode(sessionId: string, code: string): string {
  return createHash('sha256').update(`${sessionId}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Step-up verification of a session: a 6-digit code from a CSPRNG, stored hashed, delivered out of
 * band, single use, expiring. Every try is counted before the code is compared (OtpAttempts):
 * SESSION_MAX_FAILURES wrong codes lock the session's verification, USER_MAX_FAILURES the user's in
 * every session, each for OTP_LOCK_MINUTES.
 */
@Injectable()
export class OtpService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly attempts: OtpAttempts,
    private readonly delivery: OtpDelivery,
    private readonly config: AppConfig,
    private readonly metrics: Metrics,
  ) {}

  async request(call: Call, sessionId: string): Promise<{ session: SessionRow; expiresAt: Date; channel: string }> {
    const session = await this.liveSession(call.principal, sessionId);
    return namingSession(sessionId, () => this.send(call, session));
  }

  async verify(call: Call, sessionId: string, code: string): Promise<{ sessionId: string; verifiedUntil: Date }> {
    // A refusal of the claim names the session once it found it the caller's (OtpAttempts), as do the rest.
    const attempt = await this.attempts.claim(call.principal.userId, sessionId, call.startedAt);
    return namingSession(sessionId, () => this.check(call, sessionId, code, attempt));
  }

  /** A new code for the caller's live `session`, delivered. */
  private async send(call: Call, session: SessionRow): Promise<{ session: SessionRow; expiresAt: Date; channel: string }> {
    const { principal } = call;
    const until = session.otp_locked_until;
    if (until && until.getTime() > Date.now()) throw sessionLocked(Math.ceil((until.getTime() - Date.now()) / 1000));
    const userSeconds = await this.attempts.userLockedFor(principal.userId);
    if (userSeconds > 0) throw userLocked(userSeconds);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = Date.now();
    const ttlMs = this.config.otpTtlSeconds * 1000;
    const resendMs = this.config.otpResendSeconds * 1000;
    if (!(await this.sessions.issueCode(session.id, hashCode(session.id, code), now, ttlMs, resendMs, call.startedAt))) {
      throw await this.codeJustSent(session.id, now, ttlMs, resendMs);
    }
    const expiresAt = new Date(now + ttlMs);
    await this.delivery.send({ user: principal.login, session_id: session.id, code, expires_at: expiresAt.toISOString() });
    this.metrics.otp.inc({ event: 'sent' });
    return { session, expiresAt, channel: this.delivery.channel };
  }

  /** RATE_LIMITED for a session whose pending code was sent less than OTP_RESEND_SECONDS ago: the user has it. */
  private async codeJustSent(sessionId: string, now: number, ttlMs: number, resendMs: number): Promise<DeskError> {
    const pending = await this.sessions.get(sessionId);
    const issuedAt = (pending?.otp_expires_at?.getTime() ?? now) - ttlMs;
    const ago = Math.max(0, Math.round((now - issuedAt) / 1000));
    const wait = Math.max(1, Math.ceil((issuedAt + resendMs - now) / 1000));
    return new DeskError(
      'RATE_LIMITED',
      `A code was sent to the user ${ago} s ago and is still good: ask the user for it, then call auth_verify_otp. A new code can be sent in ${wait} s.`,
      { retryAfterSeconds: wait },
    );
  }

  /** The counted `attempt` of `code`: the session verified, or the refusal (wrong code, now locked). */
  private async check(call: Call, sessionId: string, code: string, attempt: Attempt): Promise<{ sessionId: string; verifiedUntil: Date }> {
    const { principal } = call;
    const verifiedUntil = new Date(Date.now() + this.config.verificationTtlMinutes * 60_000);
    if (
      sameHash(hashCode(sessionId, code), attempt.hash) &&
      (await this.attempts.succeed(principal.userId, sessionId, attempt.hash, verifiedUntil, call.startedAt))
    ) {
      this.metrics.otp.inc({ event: 'verified' });
      return { sessionId, verifiedUntil };
    }
    const locked = await this.attempts.fail(principal.userId, sessionId, attempt, call.startedAt);
    this.metrics.otp.inc({ event: locked.user || locked.session ? 'locked' : 'wrong' });
    const minutes = this.config.otpLockMinutes;
    if (locked.user) throw userLocked(minutes * 60);
    if (locked.session) throw sessionLocked(minutes * 60);
    const left = Math.min(SESSION_MAX_FAILURES - attempt.sessionTry, USER_MAX_FAILURES - attempt.userTry);
    throw DeskError.validation(call, [
      {
        field: 'code',
        code: 'INVALID_VALUE',
        received: '(hidden)',
        message: `Wrong code. ${left} attempt${left === 1 ? '' : 's'} left before verification locks. Ask the user to check the code.`,
      },
    ]);
  }

  private async liveSession(principal: Principal, sessionId: string): Promise<SessionRow> {
    const session = await this.sessions.findLive(sessionId, principal.userId);
    if (!session) {
      throw new DeskError('SESSION_NOT_FOUND', `Session '${sessionId.slice(0, 64)}' does not exist, has expired or is not yours.`, {
        nextCall: { tool: 'domain_switch', arguments: { domain: '<project|ticket|user>' } },
      });
    }
    return session;
  }
}

/** Runs what follows the proof that `sessionId` is the caller's: its refusals name that session (answer and audit entry). */
async function namingSession<T>(sessionId: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw refusalIn(error, sessionId);
  }
}
