import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Index('UQ_glpi_users_name', ['name'], { unique: true })
@Index('IDX_glpi_users_email_key', ['email_key'])
@Index('IDX_glpi_users_email_lookalike', ['email_lookalike'])
@Index('IDX_glpi_users_entities_id', ['entities_id'])
@Index('IDX_glpi_users_fullname_key', ['fullname_key'])
@Index('IDX_glpi_users_is_active', ['is_active'])
@Index('IDX_glpi_users_is_deleted', ['is_deleted'])
@Index('IDX_glpi_users_name_key', ['name_key'])
@Index('IDX_glpi_users_name_lookalike', ['name_lookalike'])
@Index('IDX_glpi_users_profiles_id', ['profiles_id'])
@Entity({ name: 'glpi_users' })
export class User {
  @PrimaryGeneratedColumn({ name: 'id', type: 'int' })
  id!: number;

  /** Login. */
  @Column({ name: 'name', type: 'varchar', length: 255 })
  name!: string;

  @Column({ name: 'name_key', type: 'varchar', length: 255 })
  name_key!: string;

  @Column({ name: 'realname', type: 'varchar', length: 255, nullable: true })
  realname!: string | null;

  @Column({ name: 'firstname', type: 'varchar', length: 255, nullable: true })
  firstname!: string | null;

  /** matchKey of "firstname realname". */
  @Column({ name: 'fullname_key', type: 'varchar', length: 255, nullable: true })
  fullname_key!: string | null;

  @Column({ name: 'email', type: 'varchar', length: 255, nullable: true })
  email!: string | null;

  @Column({ name: 'email_key', type: 'varchar', length: 255, nullable: true })
  email_key!: string | null;

  /** lookAlikeKey of the login and of the email: look-alikes of a taken one are taken too. */
  @Column({ name: 'name_lookalike', type: 'varchar', length: 255, nullable: true })
  name_lookalike!: string | null;

  @Column({ name: 'email_lookalike', type: 'varchar', length: 255, nullable: true })
  email_lookalike!: string | null;

  @Column({ name: 'phone', type: 'varchar', length: 255, nullable: true })
  phone!: string | null;

  @Column({ name: 'timezone', type: 'varchar', length: 64, nullable: true })
  timezone!: string | null;

  @Column({ name: 'language', type: 'varchar', length: 10, nullable: true })
  language!: string | null;

  /** scrypt hash for signing in on the OAuth pages (database/password-hash.ts); never selected unless asked for. */
  @Column({ name: 'password', type: 'varchar', length: 255, nullable: true, select: false })
  password?: string | null;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  is_active!: boolean;

  /** Default entity. */
  @Column({ name: 'entities_id', type: 'int', nullable: true })
  entities_id!: number | null;

  /** Default profile. */
  @Column({ name: 'profiles_id', type: 'int', nullable: true })
  profiles_id!: number | null;

  @Column({ name: 'is_deleted', type: 'boolean', default: false })
  is_deleted!: boolean;

  @Column({ name: 'date_creation', type: 'datetime', nullable: true })
  date_creation!: Date | null;

  @Column({ name: 'date_mod', type: 'datetime', nullable: true })
  date_mod!: Date | null;
}
