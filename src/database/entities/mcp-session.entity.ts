import { Entity, Index, PrimaryColumn } from 'typeorm';
import { DateTimeColumn, IntColumn, VarcharColumn } from './columns.js';

@Index('IDX_mcp_sessions_expires_at', ['expires_at'])
@Index('IDX_mcp_sessions_users_id', ['users_id'])
@Entity({ name: 'mcp_sessions' })
export class McpSession {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @IntColumn()
  users_id!: number;

  @VarcharColumn({ length: 20 })
  domain!: string;

  @DateTimeColumn()
  created_at!: Date;

  @DateTimeColumn()
  last_seen_at!: Date;

  @DateTimeColumn()
  expires_at!: Date;

  @DateTimeColumn({ nullable: true })
  ended_at!: Date | null;

  @DateTimeColumn({ nullable: true })
  verified_until!: Date | null;

  @VarcharColumn({ length: 128, nullable: true })
  otp_hash!: string | null;

  @DateTimeColumn({ nullable: true })
  otp_expires_at!: Date | null;

  @IntColumn({ default: 0 })
  otp_failures!: number;

  @DateTimeColumn({ nullable: true })
  otp_locked_until!: Date | null;

  @IntColumn({ default: 0 })
  switch_count!: number;
}
