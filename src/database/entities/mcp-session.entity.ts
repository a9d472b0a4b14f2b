import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

@Index('IDX_mcp_sessions_expires_at', ['expires_at'])
@Index('IDX_mcp_sessions_users_id', ['users_id'])
@Entity({ name: 'mcp_sessions' })
export class McpSession {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id!: string;

  @Column({ name: 'users_id', type: 'int' })
  users_id!: number;

  @Column({ name: 'domain', type: 'varchar', length: 20 })
  domain!: string;

  @Column({ name: 'created_at', type: 'datetime' })
  created_at!: Date;

  @Column({ name: 'last_seen_at', type: 'datetime' })
  last_seen_at!: Date;

  @Column({ name: 'expires_at', type: 'datetime' })
  expires_at!: Date;

  @Column({ name: 'ended_at', type: 'datetime', nullable: true })
  ended_at!: Date | null;

  @Column({ name: 'verified_until', type: 'datetime', nullable: true })
  verified_until!: Date | null;

  @Column({ name: 'otp_hash', type: 'varchar', length: 128, nullable: true })
  otp_hash!: string | null;

  @Column({ name: 'otp_expires_at', type: 'datetime', nullable: true })
  otp_expires_at!: Date | null;

  @Column({ name: 'otp_failures', type: 'int', default: 0 })
  otp_failures!: number;

  @Column({ name: 'otp_locked_until', type: 'datetime', nullable: true })
  otp_locked_until!: Date | null;

  @Column({ name: 'switch_count', type: 'int', default: 0 })
  switch_count!: number;
}
