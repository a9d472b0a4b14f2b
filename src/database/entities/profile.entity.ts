import { Entity, Index } from 'typeorm';
import { DateTimeColumn, IdColumn, TextColumn, VarcharColumn } from './columns.js';

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
  @IdColumn()
  id!: number;

  @VarcharColumn()
  name!: string;

  @VarcharColumn()
  name_key!: string;

  /** 'central' or 'helpdesk'. */
  @VarcharColumn({ length: 20 })
  interface!: string;

  /** JSON-encoded {@link ProfileRights}. */
  @TextColumn()
  rights!: string;

  @DateTimeColumn({ nullable: true })
  date_creation!: Date | null;

  @DateTimeColumn({ nullable: true })
  date_mod!: Date | null;
}
