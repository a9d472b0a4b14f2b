import { Entity, PrimaryColumn } from 'typeorm';
import { DateTimeColumn, IntColumn } from './columns.js';

/**
 * Tries of one-time codes per user, across every session and replica: the counter behind the
 * per-user verification lock (see OtpAttempts).
 */
@Entity({ name: 'otp_user_failures' })
export class OtpUserFailures {
  @PrimaryColumn({ type: 'int' })
  users_id!: number;

  /** Codes tried in the current window (a right code is given back). */
  @IntColumn({ default: 0 })
  failures!: number;

  /** End of the counting window, or of the lock once the limit is reached. */
  @DateTimeColumn({ nullable: true })
  window_until!: Date | null;
}
