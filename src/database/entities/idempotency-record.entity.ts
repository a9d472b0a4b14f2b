import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Index('UQ_idempotency_records_users_id_tool_idem_key', ['users_id', 'tool', 'idem_key'], { unique: true })
@Index('IDX_idempotency_records_created_at', ['created_at'])
@Entity({ name: 'idempotency_records' })
export class IdempotencyRecord {
  @PrimaryGeneratedColumn({ name: 'id', type: 'int' })
  id!: number;

  @Column({ name: 'users_id', type: 'int' })
  users_id!: number;

  @Column({ name: 'tool', type: 'varchar', length: 100 })
  tool!: string;

  @Column({ name: 'idem_key', type: 'varchar', length: 255 })
  idem_key!: string;

  /** Hash of the request arguments. */
  @Column({ name: 'fingerprint', type: 'varchar', length: 64 })
  fingerprint!: string;

  /** 'pending' or 'done'. */
  @Column({ name: 'status', type: 'varchar', length: 20 })
  status!: string;

  /** JSON of the stored result. */
  @Column({ name: 'result', type: 'text', nullable: true })
  result!: string | null;

  @Column({ name: 'created_at', type: 'datetime' })
  created_at!: Date;
}
