import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A profile granted to a user on an entity (and its children when recursive). */
@Index('IDX_glpi_profiles_users_entities_id', ['entities_id'])
@Index('IDX_glpi_profiles_users_profiles_id', ['profiles_id'])
@Index('IDX_glpi_profiles_users_users_id', ['users_id'])
@Entity({ name: 'glpi_profiles_users' })
export class ProfileUser {
  @PrimaryGeneratedColumn({ name: 'id', type: 'int' })
  id!: number;

  @Column({ name: 'users_id', type: 'int' })
  users_id!: number;

  @Column({ name: 'profiles_id', type: 'int' })
  profiles_id!: number;

  @Column({ name: 'entities_id', type: 'int' })
  entities_id!: number;

  @Column({ name: 'is_recursive', type: 'boolean', default: false })
  is_recursive!: boolean;

  @Column({ name: 'date_creation', type: 'datetime', nullable: true })
  date_creation!: Date | null;

  @Column({ name: 'date_mod', type: 'datetime', nullable: true })
  date_mod!: Date | null;
}
