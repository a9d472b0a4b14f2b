import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AppConfig } from '../../config/app-config.js';
import { dateParam, toDate } from '../../database/db-dates.js';
import { DbLock } from '../../database/db-lock.js';
import { DeskError } from '../../envelope/desk-error.js';
import { refusalIn } from '../../envelope/refusal-session.js';
import { type SessionRow, SessionsRepository } from '../sessions.repository.js';

/** Wrong codes that lock one session's verification. */
export const SESSION_MAX_FAILURES = 5;
/** Wrong codes that lock a user's verification in every session, per OTP_LOCK_MINUTES. */
export const USER_MAX_FAILURES = 10;

/** A try of a code, already counted: the code to compare with, and which try it is. */
export interface Attempt {
  hash: string;
  /** 1..SESSION_MAX_FAILURES */
  sessionTry: number;
  /** 1..USER_MAX_FAILURES */
  userTry: number;
}

interface UserRow {
  failures: number | string;
  window_until: Date | string | null;
}

/** The user's counting window is over, or never began (one parameter: now). */
const WINDOW_OVER = '(window_until IS NULL OR window_until <= ?)';

/**
 * The counting behind the verification locks, in the database so every replica shares it.
 * A try is counted before the code is compared, by conditional updates that refuse past the limits
 * (per session and per user), so N concurrent guesses can never be more tries than the limits allow.
 * A right code gives its try back; the try that reaches a limit locks. Rows are always locked in the
 * same order (user, then session), so concurrent tries queue instead of deadlocking.
 */
@Injectable()
export class OtpAttempts {
  constructor(
    private readonly dataSource: DataSource,
    private readonly lock: DbLock,
    private readonly config: AppConfig,
    private readonly sessions: SessionsRepository,
  ) {}

  private get lockMs(): number {
    return this.config.otpLockMinutes * 60_000;
  }

  /** Counts one try of a code for the session; throws the refusal when no try is left. */
  async claim(userId: number, sessionId: string, since?: number): Promise<Attempt> {
    // The user's counter row exists before the transaction: inserted there, the duplicate-key check
    // of concurrent tries would take shared locks that deadlock with their updates on MySQL.
    const sqlite = this.dataSource.options.type === 'better-sqlite3';
    const insert = sqlite ? 'INSERT OR IGNORE' : 'INSERT IGNORE';
    await this.lock.exclusive(() => this.dataSource.query(`${insert} INTO otp_user_failures (users_id, failures) VALUES (?, 0)`, [userId]), since);
    return this.lock.transaction(async (m) => {
      const now = new Date();
      // A new window when the last one is over; otherwise one more try, unless the limit is reached.
      // Plain SQL for the order of assignments: MySQL evaluates them left to right, so failures must
      // be assigned while window_until still holds the old window.
      const param = (date: Date) => dateParam(date, sqlite);
      const user = await m.queryRunner!.query(
        `UPDATE otp_user_failures
           SET failures = CASE WHEN ${WINDOW_OVER} THEN 1 ELSE failures + 1 END,
               window_until = CASE WHEN ${WINDOW_OVER} THEN ? ELSE window_until END
         WHERE users_id = ? AND (${WINDOW_OVER} OR failures < ?)`,
        [param(now), param(now), param(new Date(now.getTime() + this.lockMs)), userId, param(now), USER_MAX_FAILURES],
        true,
      );
      if ((user.affected ?? 0) !== 1) throw await this.refusal(m, userId, sessionId, now);
      if (!(await this.sessions.countCodeTry(m, sessionId, userId, now, SESSION_MAX_FAILURES))) throw await this.refusal(m, userId, sessionId, now);
      const counted = await this.read(m, userId, sessionId);
      return { hash: String(counted.session!.otp_hash), sessionTry: Number(counted.session!.otp_failures), userTry: Number(counted.user!.failures) };
    }, since);
  }

  /**
   * Verifies the session when its code is still `hash` (of two concurrent uses of one code, one
   * wins) and gives the user's try back. False when the code was used or locked meanwhile.
   */
  async succeed(userId: number, sessionId: string, hash: string, verifiedUntil: Date, since?: number): Promise<boolean> {
    try {
      return await this.lock.transaction(async (m) => {
        await m
          .createQueryBuilder()
          .update('otp_user_failures')
          .set({ failures: () => 'failures - 1' })
          .where('users_id = :userId AND failures > 0', { userId })
          .execute();
        if (!(await this.sessions.verifyWithCode(m, sessionId, hash, verifiedUntil))) throw new CodeGone();
        return true;
      }, since);
    } catch (error) {
      if (error instanceof CodeGone) return false;
      throw error;
    }
  }

  /**
   * A wrong code: the try stays counted. The try that reached a limit locks (the session: its code
   * is dropped; the user: every session, for OTP_LOCK_MINUTES from now). Returns what locked.
   */
  async fail(userId: number, sessionId: string, attempt: Attempt, since?: number): Promise<{ user: boolean; session: boolean }> {
    const locks = { user: attempt.userTry >= USER_MAX_FAILURES, session: attempt.sessionTry >= SESSION_MAX_FAILURES };
    if (!locks.user && !locks.session) return locks;
    const until = new Date(Date.now() + this.lockMs);
    await this.lock.transaction(async (m) => {
      if (locks.user) await m.createQueryBuilder().update('otp_user_failures').set({ window_until: until }).where('users_id = :userId', { userId }).execute();
      if (locks.session) await this.sessions.lockVerification(m, sessionId, until);
    }, since);
    return locks;
  }

  /** Seconds until the user may try codes again, or 0 when the user is not locked. */
  async userLockedFor(userId: number): Promise<number> {
    const rows = (await this.dataSource.query('SELECT failures, window_until FROM otp_user_failures WHERE users_id = ?', [userId])) as UserRow[];
    return userLockSeconds(rows[0], Date.now());
  }

  private async read(m: EntityManager, userId: number, sessionId: string): Promise<{ user?: UserRow; session?: SessionRow }> {
    const [user] = (await m.query('SELECT failures, window_until FROM otp_user_failures WHERE users_id = ?', [userId])) as UserRow[];
    return { user, session: await this.sessions.get(sessionId, m) };
  }

  /** Why no try was counted, as the answer to the caller. */
  private async refusal(m: EntityManager, userId: number, sessionId: string, now: Date): Promise<DeskError> {
    const { user, session } = await this.read(m, userId, sessionId);
    const at = now.getTime();
    if (!session || Number(session.users_id) !== userId || session.ended_at || toDate(session.expires_at)!.getTime() <= at) {
      return new DeskError('SESSION_NOT_FOUND', `Session '${sessionId.slice(0, 64)}' does not exist, has expired or is not yours.`, {
        nextCall: { tool: 'domain_switch', arguments: { domain: '<project|ticket|user>' } },
      });
    }
    // The session is the caller's: the refusal's answer and audit entry name it.
    return refusalIn(this.lockedWhy(user, session, sessionId, at), sessionId);
  }

  /** Why a try of the caller's live session was not counted. */
  private lockedWhy(user: UserRow | undefined, session: SessionRow, sessionId: string, at: number): DeskError {
    const userSeconds = userLockSeconds(user, at);
    if (userSeconds > 0) return userLocked(userSeconds);
    const sessionLock = toDate(session.otp_locked_until);
    if (sessionLock && sessionLock.getTime() > at) return sessionLocked(Math.ceil((sessionLock.getTime() - at) / 1000));
    const expires = toDate(session.otp_expires_at);
    if (!session.otp_hash || !expires || expires.getTime() <= at) return noCodePending(sessionId);
    // Every try the session has left is being checked right now; one of them may lock it.
    return new DeskError(
      'RATE_LIMITED',
      `Too many codes are being tried for this session at once. Retry in ${this.config.otpLockMinutes} minutes, one code at a time.`,
      {
        retryAfterSeconds: this.config.otpLockMinutes * 60,
      },
    );
  }
}

/** Thrown inside the success transaction to undo the given-back try when the code is gone. */
class CodeGone extends Error {}

function userLockSeconds(row: UserRow | undefined, now: number): number {
  const until = toDate(row?.window_until ?? null);
  if (!row || Number(row.failures) < USER_MAX_FAILURES || !until || until.getTime() <= now) return 0;
  return Math.ceil((until.getTime() - now) / 1000);
}

export function userLocked(seconds: number): DeskError {
  return new DeskError('RATE_LIMITED', `Too many wrong codes for this user: verification is locked in every session. Retry in ${seconds} s.`, {
    retryAfterSeconds: seconds,
  });
}

export function sessionLocked(seconds: number): DeskError {
  return new DeskError('RATE_LIMITED', `Verification of this session is locked after too many wrong codes. Retry in ${seconds} s.`, {
    retryAfterSeconds: seconds,
  });
}

export function noCodePending(sessionId: string): DeskError {
  return new DeskError('VERIFICATION_REQUIRED', 'No code is pending for this session, or it expired. Request a new one.', {
    nextCall: { tool: 'auth_request_otp', arguments: { session_id: sessionId } },
  });
}
