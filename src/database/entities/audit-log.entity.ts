import { Entity, Index } from 'typeorm';
import { DateTimeColumn, IdColumn, IntColumn, LongTextColumn, TextColumn, VarcharColumn } from './columns.js';

@Index('IDX_audit_log_at', ['at'])
@Index('IDX_audit_log_outcome', ['outcome'])
@Index('IDX_audit_log_request_id', ['request_id'])
@Index('IDX_audit_log_session_id', ['session_id'])
@Index('IDX_audit_log_token_id', ['token_id'])
@Index('IDX_audit_log_tool', ['tool'])
@Index('IDX_audit_log_users_id', ['users_id'])
@Entity({ name: 'audit_log' })
export class AuditLog {
  @IdColumn()
  id!: number;

  @DateTimeColumn()
  at!: Date;

  @IntColumn({ nullable: true })
  users_id!: number | null;

  @IntColumn({ nullable: true })
  token_id!: number | null;

  @VarcharColumn({ length: 64, nullable: true })
  session_id!: string | null;

  /** The call's request id (X-Request-Id / traceparent trace id): the same string is on its log lines. */
  @VarcharColumn({ length: 128, nullable: true })
  request_id!: string | null;

  @VarcharColumn({ length: 10 })
  transport!: string;

  @VarcharColumn({ length: 100, nullable: true })
  tool!: string | null;

  @VarcharColumn({ nullable: true })
  route!: string | null;

  @VarcharColumn({ length: 20, nullable: true })
  domain!: string | null;

  @VarcharColumn({ length: 40 })
  outcome!: string;

  @IntColumn({ default: 0 })
  duration_ms!: number;

  /** JSON. */
  @LongTextColumn({ nullable: true })
  changes!: string | null;

  @TextColumn({ nullable: true })
  message!: string | null;
}
