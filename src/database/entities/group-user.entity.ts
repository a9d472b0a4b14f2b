import { Entity, Index } from 'typeorm';
import { DateTimeColumn, IdColumn, IntColumn } from './columns.js';

@Index('UQ_glpi_groups_users_groups_id_users_id', ['groups_id', 'users_id'], { unique: true })
@Index('IDX_glpi_groups_users_users_id', ['users_id'])
@Entity({ name: 'glpi_groups_users' })
export class GroupUser {
  @IdColumn()
  id!: number;

  @IntColumn()
  groups_id!: number;

  @IntColumn()
  users_id!: number;

  @DateTimeColumn({ nullable: true })
  date_creation!: Date | null;

  @DateTimeColumn({ nullable: true })
  date_mod!: Date | null;
}
