import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Tries of one-time codes per user, across every session and replica: the counter behind the
 * per-user verification lock (see OtpAttempts).
 */
@Entity({ name: 'otp_user_failures' })
export class OtpUserFailures {
  @PrimaryColumn({ name: 'users_id', type: 'int' })
  users_id!: number;

  /** Codes tried in the current window (a right code is given back). */
  @Column({ name: 'failures', type: 'int', default: 0 })
  failures!: number;

  /** End of the counting window, or of the lock once the limit is reached. */
  @Column({ name: 'window_until', type: 'datetime', nullable: true })
  window_until!: Date | null;
}
