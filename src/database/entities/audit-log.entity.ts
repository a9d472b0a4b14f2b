import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

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
