import { Entity, Index } from 'typeorm';
import { BooleanColumn, DateTimeColumn, IdColumn, IntColumn, VarcharColumn } from './columns.js';

@Index('UQ_glpi_users_email_lookalike', ['email_lookalike'], { unique: true })
@Index('UQ_glpi_users_name', ['name'], { unique: true })
@Index('IDX_glpi_users_email_key', ['email_key'])
@Index('IDX_glpi_users_entities_id', ['entities_id'])
@Index('IDX_glpi_users_fullname_key', ['fullname_key'])
@Index('IDX_glpi_users_is_active', ['is_active'])
@Index('IDX_glpi_users_is_deleted', ['is_deleted'])
@Index('IDX_glpi_users_name_key', ['name_key'])
@Index('IDX_glpi_users_name_lookalike', ['name_lookalike'])
@Index('IDX_glpi_users_profiles_id', ['profiles_id'])
@Entity({ name: 'glpi_users' })
export class User {
  @IdColumn()
  id!: number;

  /** Login. */
  @VarcharColumn()
  name!: string;

  @VarcharColumn()
  name_key!: string;

  @VarcharColumn({ nullable: true })
  realname!: string | null;

  @VarcharColumn({ nullable: true })
  firstname!: string | null;

  /** matchKey of "firstname realname". */
  @VarcharColumn({ nullable: true })
  fullname_key!: string | null;

  @VarcharColumn({ nullable: true })
  email!: string | null;

  @VarcharColumn({ nullable: true })
  email_key!: string | null;

  /**
   * lookAlikeKey of the login and of the email: look-alikes of a taken one are taken too. The
   * email's is unique (null for a user whose email an older user already had when emails became
   * unique: migration UniqueEmails).
   */
  @VarcharColumn({ nullable: true })
  name_lookalike!: string | null;

  @VarcharColumn({ nullable: true })
  email_lookalike!: string | null;

  @VarcharColumn({ nullable: true })
  phone!: string | null;

  @VarcharColumn({ length: 64, nullable: true })
  timezone!: string | null;

  @VarcharColumn({ length: 10, nullable: true })
  language!: string | null;

  /** scrypt hash for signing in on the OAuth pages (database/password-hash.ts); never selected unless asked for. */
  @VarcharColumn({ nullable: true, select: false })
  password?: string | null;

  @BooleanColumn({ default: true })
  is_active!: boolean;

  /** Default entity. */
  @IntColumn({ nullable: true })
  entities_id!: number | null;

  /** Default profile. */
  @IntColumn({ nullable: true })
  profiles_id!: number | null;

  @BooleanColumn({ default: false })
  is_deleted!: boolean;

  @DateTimeColumn({ nullable: true })
  date_creation!: Date | null;

  @DateTimeColumn({ nullable: true })
  date_mod!: Date | null;
}
