import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type RightAction = 'read' | 'create' | 'update' | 'delete';

/** Shape of the JSON stored in `glpi_profiles.rights`. */
export interface ProfileRights {
  project: RightAction[];
  ticket: RightAction[];
  user: RightAction[];
  ticket_scope: 'all' | 'own';
  /** May use the admin API (tokens, sessions, audit): Super-Admin and Admin. */
  admin?: boolean;
}

@Index('UQ_glpi_profiles_name', ['name'], { unique: true })
@Index('IDX_glpi_profiles_name_key', ['name_key'])
@Entity({ name: 'glpi_profiles' })
export class Profile {
  @PrimaryGeneratedColumn({ name: 'id', type: 'int' })
  id!: number;

  @Column({ name: 'name', type: 'varchar', length: 255 })
  name!: string;

  @Column({ name: 'name_key', type: 'varchar', length: 255 })
  name_key!: string;

  /** 'central' or 'helpdesk'. */
  @Column({ name: 'interface', type: 'varchar', length: 20 })
  interface!: string;

  /** JSON-encoded {@link ProfileRights}. */
  @Column({ name: 'rights', type: 'text' })
  rights!: string;

  @Column({ name: 'date_creation', type: 'datetime', nullable: true })
  date_creation!: Date | null;

  @Column({ name: 'date_mod', type: 'datetime', nullable: true })
  date_mod!: Date | null;
}
