import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Index('UQ_api_tokens_token_hash', ['token_hash'], { unique: true })
@Index('IDX_api_tokens_name', ['name'])
@Index('IDX_api_tokens_users_id', ['users_id'])
@Entity({ name: 'api_tokens' })
export class ApiToken {
  @PrimaryGeneratedColumn({ name: 'id', type: 'int' })
  id!: number;

  @Column({ name: 'users_id', type: 'int' })
  users_id!: number;

  @Column({ name: 'name', type: 'varchar', length: 255 })
  name!: string;

  /** Hex SHA-256 of the secret. */
  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  token_hash!: string;

  /** Visible beginning of the token, for identification. */
  @Column({ name: 'prefix', type: 'varchar', length: 16 })
  prefix!: string;

  /** Comma-separated scopes. */
  @Column({ name: 'scopes', type: 'varchar', length: 100 })
  scopes!: string;

  @Column({ name: 'expires_at', type: 'datetime', nullable: true })
  expires_at!: Date | null;

  @Column({ name: 'revoked_at', type: 'datetime', nullable: true })
  revoked_at!: Date | null;

  @Column({ name: 'last_used_at', type: 'datetime', nullable: true })
  last_used_at!: Date | null;

  @Column({ name: 'created_at', type: 'datetime' })
  created_at!: Date;
}
