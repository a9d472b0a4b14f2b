import { Entity, Index } from 'typeorm';
import { BooleanColumn, DateTimeColumn, IdColumn, IntColumn, LongTextColumn, VarcharColumn } from './columns.js';

@Index('IDX_glpi_projects_date_mod', ['date_mod'])
@Index('IDX_glpi_projects_entities_id', ['entities_id'])
@Index('IDX_glpi_projects_entities_id_is_deleted_date_mod', ['entities_id', 'is_deleted', 'date_mod'])
@Index('IDX_glpi_projects_groups_id', ['groups_id'])
@Index('IDX_glpi_projects_is_deleted', ['is_deleted'])
@Index('IDX_glpi_projects_name', ['name'])
@Index('IDX_glpi_projects_name_key', ['name_key'])
@Index('IDX_glpi_projects_plan_end_date', ['plan_end_date'])
@Index('IDX_glpi_projects_plan_start_date', ['plan_start_date'])
@Index('IDX_glpi_projects_priority', ['priority'])
@Index('IDX_glpi_projects_projects_id', ['projects_id'])
@Index('IDX_glpi_projects_projectstates_id', ['projectstates_id'])
@Index('IDX_glpi_projects_users_id', ['users_id'])
@Entity({ name: 'glpi_projects' })
export class Project {
  @IdColumn()
  id!: number;

  @VarcharColumn()
  name!: string;

  @VarcharColumn()
  name_key!: string;

  @VarcharColumn({ nullable: true })
  code!: string | null;

  @LongTextColumn({ nullable: true })
  content!: string | null;

  @LongTextColumn({ nullable: true })
  comment!: string | null;

  @IntColumn({ nullable: true })
  projectstates_id!: number | null;

  @IntColumn({ default: 3 })
  priority!: number;

  /** Manager. */
  @IntColumn({ nullable: true })
  users_id!: number | null;

  @IntColumn({ nullable: true })
  groups_id!: number | null;

  @IntColumn()
  entities_id!: number;

  /** Parent project. */
  @IntColumn({ nullable: true })
  projects_id!: number | null;

  @DateTimeColumn({ nullable: true })
  plan_start_date!: Date | null;

  @DateTimeColumn({ nullable: true })
  plan_end_date!: Date | null;

  @DateTimeColumn({ nullable: true })
  real_start_date!: Date | null;

  @DateTimeColumn({ nullable: true })
  real_end_date!: Date | null;

  @IntColumn({ default: 0 })
  percent_done!: number;

  @BooleanColumn({ default: false })
  is_deleted!: boolean;

  @DateTimeColumn({ nullable: true })
  date_creation!: Date | null;

  @DateTimeColumn({ nullable: true })
  date_mod!: Date | null;
}
