import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A task of a project (GLPI's glpi_projecttasks). */
@Index('IDX_glpi_projecttasks_entities_id', ['entities_id'])
@Index('IDX_glpi_projecttasks_name_key', ['name_key'])
@Index('IDX_glpi_projecttasks_projects_id', ['projects_id'])
@Entity({ name: 'glpi_projecttasks' })
export class ProjectTask {
  @PrimaryGeneratedColumn({ name: 'id', type: 'int' })
  id!: number;

  @Column({ name: 'name', type: 'varchar', length: 255 })
  name!: string;

  @Column({ name: 'name_key', type: 'varchar', length: 255 })
  name_key!: string;

  @Column({ name: 'content', type: 'text', nullable: true })
  content!: string | null;

  @Column({ name: 'projects_id', type: 'int' })
  projects_id!: number;

  @Column({ name: 'entities_id', type: 'int' })
  entities_id!: number;

  @Column({ name: 'is_recursive', type: 'boolean', default: false })
  is_recursive!: boolean;

  @Column({ name: 'plan_start_date', type: 'datetime', nullable: true })
  plan_start_date!: Date | null;

  @Column({ name: 'plan_end_date', type: 'datetime', nullable: true })
  plan_end_date!: Date | null;

  @Column({ name: 'real_start_date', type: 'datetime', nullable: true })
  real_start_date!: Date | null;

  @Column({ name: 'real_end_date', type: 'datetime', nullable: true })
  real_end_date!: Date | null;

  /** 0-100 %. */
  @Column({ name: 'percent_done', type: 'int', default: 0 })
  percent_done!: number;

  @Column({ name: 'projectstates_id', type: 'int', nullable: true })
  projectstates_id!: number | null;

  /** Creator. */
  @Column({ name: 'users_id', type: 'int' })
  users_id!: number;

  @Column({ name: 'date_creation', type: 'datetime', nullable: true })
  date_creation!: Date | null;

  @Column({ name: 'date_mod', type: 'datetime', nullable: true })
  date_mod!: Date | null;
}

/** A member of a project task's team (GLPI's glpi_projecttaskteams; itemtype 'User' or 'Group'). */
@Index('UQ_glpi_projecttaskteams_projecttasks_id_itemtype_items_id', ['projecttasks_id', 'itemtype', 'items_id'], { unique: true })
@Index('IDX_glpi_projecttaskteams_itemtype_items_id', ['itemtype', 'items_id'])
@Entity({ name: 'glpi_projecttaskteams' })
export class ProjectTaskTeam {
  @PrimaryGeneratedColumn({ name: 'id', type: 'int' })
  id!: number;

  @Column({ name: 'projecttasks_id', type: 'int' })
  projecttasks_id!: number;

  @Column({ name: 'itemtype', type: 'varchar', length: 100 })
  itemtype!: string;

  @Column({ name: 'items_id', type: 'int' })
  items_id!: number;
}

/** A ticket linked to a project task (GLPI's glpi_projecttasks_tickets). */
@Index('UQ_glpi_projecttasks_tickets_tickets_id_projecttasks_id', ['tickets_id', 'projecttasks_id'], { unique: true })
@Index('IDX_glpi_projecttasks_tickets_projecttasks_id', ['projecttasks_id'])
@Entity({ name: 'glpi_projecttasks_tickets' })
export class ProjectTaskTicket {
  @PrimaryGeneratedColumn({ name: 'id', type: 'int' })
  id!: number;

  @Column({ name: 'tickets_id', type: 'int' })
  tickets_id!: number;

  @Column({ name: 'projecttasks_id', type: 'int' })
  projecttasks_id!: number;
}
