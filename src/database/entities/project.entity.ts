import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

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
  @PrimaryGeneratedColumn({ name: 'id', type: 'int' })
  id!: number;

  @Column({ name: 'name', type: 'varchar', length: 255 })
  name!: string;

  @Column({ name: 'name_key', type: 'varchar', length: 255 })
  name_key!: string;

  @Column({ name: 'code', type: 'varchar', length: 255, nullable: true })
  code!: string | null;

  @Column({ name: 'content', type: 'text', nullable: true })
  content!: string | null;

  @Column({ name: 'comment', type: 'text', nullable: true })
  comment!: string | null;

  @Column({ name: 'projectstates_id', type: 'int', nullable: true })
  projectstates_id!: number | null;

  @Column({ name: 'priority', type: 'int', default: 3 })
  priority!: number;

  /** Manager. */
  @Column({ name: 'users_id', type: 'int', nullable: true })
  users_id!: number | null;

  @Column({ name: 'groups_id', type: 'int', nullable: true })
  groups_id!: number | null;

  @Column({ name: 'entities_id', type: 'int' })
  entities_id!: number;

  /** Parent project. */
  @Column({ name: 'projects_id', type: 'int', nullable: true })
  projects_id!: number | null;

  @Column({ name: 'plan_start_date', type: 'datetime', nullable: true })
  plan_start_date!: Date | null;

  @Column({ name: 'plan_end_date', type: 'datetime', nullable: true })
  plan_end_date!: Date | null;

  @Column({ name: 'real_start_date', type: 'datetime', nullable: true })
  real_start_date!: Date | null;

  @Column({ name: 'real_end_date', type: 'datetime', nullable: true })
  real_end_date!: Date | null;

  @Column({ name: 'percent_done', type: 'int', default: 0 })
  percent_done!: number;

  @Column({ name: 'is_deleted', type: 'boolean', default: false })
  is_deleted!: boolean;

  @Column({ name: 'date_creation', type: 'datetime', nullable: true })
  date_creation!: Date | null;

  @Column({ name: 'date_mod', type: 'datetime', nullable: true })
  date_mod!: Date | null;
}
