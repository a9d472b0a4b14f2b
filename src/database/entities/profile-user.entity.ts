import { Entity, Index } from 'typeorm';
import { BooleanColumn, DateTimeColumn, IdColumn, IntColumn } from './columns.js';

/** A profile granted to a user on an entity (and its children when recursive). */
@Index('IDX_glpi_profiles_users_entities_id', ['entities_id'])
@Index('IDX_glpi_profiles_users_profiles_id', ['profiles_id'])
@Index('IDX_glpi_profiles_users_users_id', ['users_id'])
@Entity({ name: 'glpi_profiles_users' })
export class ProfileUser {
  @IdColumn()
  id!: number;

  @IntColumn()
  users_id!: number;

  @IntColumn()
  profiles_id!: number;

  @IntColumn()
  entities_id!: number;

  @BooleanColumn({ default: false })
  is_recursive!: boolean;

  @DateTimeColumn({ nullable: true })
  date_creation!: Date | null;

  @DateTimeColumn({ nullable: true })
  date_mod!: Date | null;
}
