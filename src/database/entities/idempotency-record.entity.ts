import { Entity, Index } from 'typeorm';
import { DateTimeColumn, IdColumn, IntColumn, LongTextColumn, VarcharColumn } from './columns.js';

@Index('UQ_idempotency_records_users_id_tool_idem_key', ['users_id', 'tool', 'idem_key'], { unique: true })
@Index('IDX_idempotency_records_created_at', ['created_at'])
@Entity({ name: 'idempotency_records' })
export class IdempotencyRecord {
  @IdColumn()
  id!: number;

  @IntColumn()
  users_id!: number;

  @VarcharColumn({ length: 100 })
  tool!: string;

  @VarcharColumn()
  idem_key!: string;

  /** Hash of the request arguments. */
  @VarcharColumn({ length: 64 })
  fingerprint!: string;

  /** 'pending' or 'done'. */
  @VarcharColumn({ length: 20 })
  status!: string;

  /** JSON of the stored result. */
  @LongTextColumn({ nullable: true })
  result!: string | null;

  @DateTimeColumn()
  created_at!: Date;
}
