import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Index('IDX_audit_log_at', ['at'])
@Index('IDX_audit_log_outcome', ['outcome'])
@Index('IDX_audit_log_request_id', ['request_id'])
@Index('IDX_audit_log_session_id', ['session_id'])
@Index('IDX_audit_log_token_id', ['token_id'])
@Index('IDX_audit_log_tool', ['tool'])
@Index('IDX_audit_log_users_id', ['users_id'])
@Entity({ name: 'audit_log' })
export class AuditLog {
  @PrimaryGeneratedColumn({ name: 'id', type: 'int' })
  id!: number;

  @Column({ name: 'at', type: 'datetime' })
  at!: Date;

  @Column({ name: 'users_id', type: 'int', nullable: true })
  users_id!: number | null;

  @Column({ name: 'token_id', type: 'int', nullable: true })
  token_id!: number | null;

  @Column({ name: 'session_id', type: 'varchar', length: 64, nullable: true })
  session_id!: string | null;

  /** The call's request id (X-Request-Id / traceparent trace id): the same string is on its log lines. */
  @Column({ name: 'request_id', type: 'varchar', length: 128, nullable: true })
  request_id!: string | null;

  @Column({ name: 'transport', type: 'varchar', length: 10 })
  transport!: string;

  @Column({ name: 'tool', type: 'varchar', length: 100, nullable: true })
  tool!: string | null;

  @Column({ name: 'route', type: 'varchar', length: 255, nullable: true })
  route!: string | null;

  @Column({ name: 'domain', type: 'varchar', length: 20, nullable: true })
  domain!: string | null;

  @Column({ name: 'outcome', type: 'varchar', length: 40 })
  outcome!: string;

  @Column({ name: 'duration_ms', type: 'int', default: 0 })
  duration_ms!: number;

  /** JSON. */
  @Column({ name: 'changes', type: 'text', nullable: true })
  changes!: string | null;

  @Column({ name: 'message', type: 'text', nullable: true })
  message!: string | null;
}
