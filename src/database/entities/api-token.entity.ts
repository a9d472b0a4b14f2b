import { Entity, Index } from 'typeorm';
import { DateTimeColumn, IdColumn, IntColumn, VarcharColumn } from './columns.js';

@Index('UQ_api_tokens_token_hash', ['token_hash'], { unique: true })
@Index('IDX_api_tokens_name', ['name'])
@Index('IDX_api_tokens_users_id', ['users_id'])
@Entity({ name: 'api_tokens' })
export class ApiToken {
  @IdColumn()
  id!: number;

  @IntColumn()
  users_id!: number;

  @VarcharColumn()
  name!: string;

  /** Hex SHA-256 of the secret. */
  @VarcharColumn({ length: 64 })
  token_hash!: string;

  /** Visible beginning of the token, for identification. */
  @VarcharColumn({ length: 16 })
  prefix!: string;

  /** Comma-separated scopes. */
  @VarcharColumn({ length: 100 })
  scopes!: string;

  @DateTimeColumn({ nullable: true })
  expires_at!: Date | null;

  @DateTimeColumn({ nullable: true })
  revoked_at!: Date | null;

  @DateTimeColumn({ nullable: true })
  last_used_at!: Date | null;

  @DateTimeColumn()
  created_at!: Date;
}
