import { Entity, Index } from 'typeorm';
import { BooleanColumn, DateTimeColumn, IdColumn, IntColumn, LongTextColumn, VarcharColumn } from './columns.js';

/** A task of a project (GLPI's glpi_projecttasks). */
@Index('IDX_glpi_projecttasks_entities_id', ['entities_id'])
@Index('IDX_glpi_projecttasks_name_key', ['name_key'])
@Index('IDX_glpi_projecttasks_projects_id', ['projects_id'])
@Entity({ name: 'glpi_projecttasks' })
export class ProjectTask {
  @IdColumn()
  id!: number;

  @VarcharColumn()
  name!: string;

  @VarcharColumn()
  name_key!: string;

  @LongTextColumn({ nullable: true })
  content!: string | null;

  @IntColumn()
  projects_id!: number;

  @IntColumn()
  entities_id!: number;

  @BooleanColumn({ default: false })
  is_recursive!: boolean;

  @DateTimeColumn({ nullable: true })
  plan_start_date!: Date | null;

  @DateTimeColumn({ nullable: true })
  plan_end_date!: Date | null;

  @DateTimeColumn({ nullable: true })
  real_start_date!: Date | null;

  @DateTimeColumn({ nullable: true })
  real_end_date!: Date | null;

  /** 0-100 %. */
  @IntColumn({ default: 0 })
  percent_done!: number;

  @IntColumn({ nullable: true })
  projectstates_id!: number | null;

  /** Creator. */
  @IntColumn()
  users_id!: number;

  @DateTimeColumn({ nullable: true })
  date_creation!: Date | null;

  @DateTimeColumn({ nullable: true })
  date_mod!: Date | null;
}

/** A member of a project task's team (GLPI's glpi_projecttaskteams; itemtype 'User' or 'Group'). */
@Index('UQ_glpi_projecttaskteams_projecttasks_id_itemtype_items_id', ['projecttasks_id', 'itemtype', 'items_id'], { unique: true })
@Index('IDX_glpi_projecttaskteams_itemtype_items_id', ['itemtype', 'items_id'])
@Entity({ name: 'glpi_projecttaskteams' })
export class ProjectTaskTeam {
  @IdColumn()
  id!: number;

  @IntColumn()
  projecttasks_id!: number;

  @VarcharColumn({ length: 100 })
  itemtype!: string;

  @IntColumn()
  items_id!: number;
}

/** A ticket linked to a project task (GLPI's glpi_projecttasks_tickets). */
@Index('UQ_glpi_projecttasks_tickets_tickets_id_projecttasks_id', ['tickets_id', 'projecttasks_id'], { unique: true })
@Index('IDX_glpi_projecttasks_tickets_projecttasks_id', ['projecttasks_id'])
@Entity({ name: 'glpi_projecttasks_tickets' })
export class ProjectTaskTicket {
  @IdColumn()
  id!: number;

  @IntColumn()
  tickets_id!: number;

  @IntColumn()
  projecttasks_id!: number;
}
