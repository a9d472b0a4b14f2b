import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Index('IDX_glpi_tickets_date', ['date'])
@Index('IDX_glpi_tickets_date_mod', ['date_mod'])
@Index('IDX_glpi_tickets_entities_id', ['entities_id'])
@Index('IDX_glpi_tickets_entities_id_is_deleted_status_date_mod', ['entities_id', 'is_deleted', 'status', 'date_mod'])
@Index('IDX_glpi_tickets_is_deleted', ['is_deleted'])
@Index('IDX_glpi_tickets_itilcategories_id', ['itilcategories_id'])
@Index('IDX_glpi_tickets_locations_id', ['locations_id'])
@Index('IDX_glpi_tickets_name', ['name'])
@Index('IDX_glpi_tickets_name_key', ['name_key'])
@Index('IDX_glpi_tickets_priority', ['priority'])
@Index('IDX_glpi_tickets_status', ['status'])
@Index('IDX_glpi_tickets_time_to_resolve', ['time_to_resolve'])
@Index('IDX_glpi_tickets_type', ['type'])
@Index('IDX_glpi_tickets_urgency', ['urgency'])
@Index('IDX_glpi_tickets_users_id_lastupdater', ['users_id_lastupdater'])
@Index('IDX_glpi_tickets_users_id_recipient', ['users_id_recipient'])
// MariaDB/MySQL only (migration TicketSortIndexes): one index per sort ticket_search offers. An
// entity cannot declare an index for one database, so these are known by name and left to the
// migrations (synchronize: false): the schema builder neither creates nor drops them.
@Index('IDX_glpi_tickets_is_deleted_date_mod', { synchronize: false })
@Index('IDX_glpi_tickets_is_deleted_date', { synchronize: false })
@Index('IDX_glpi_tickets_is_deleted_priority', { synchronize: false })
@Index('IDX_glpi_tickets_is_deleted_status', { synchronize: false })
@Entity({ name: 'glpi_tickets' })
export class Ticket {
  @PrimaryGeneratedColumn({ name: 'id', type: 'int' })
  id!: number;

  /** Title. */
  @Column({ name: 'name', type: 'varchar', length: 255 })
  name!: string;

  /** matchKey(name): titles are looked up by this key (ticket_get / ticket_update by title). */
  @Column({ name: 'name_key', type: 'varchar', length: 255, nullable: true })
  name_key!: string | null;

  @Column({ name: 'content', type: 'text', nullable: true })
  content!: string | null;

  /** 1 Incident, 2 Request. */
  @Column({ name: 'type', type: 'int', default: 1 })
  type!: number;

  /** 1 New … 6 Closed. */
  @Column({ name: 'status', type: 'int', default: 1 })
  status!: number;

  @Column({ name: 'urgency', type: 'int', default: 3 })
  urgency!: number;

  @Column({ name: 'impact', type: 'int', default: 3 })
  impact!: number;

  @Column({ name: 'priority', type: 'int', default: 3 })
  priority!: number;

  @Column({ name: 'itilcategories_id', type: 'int', nullable: true })
  itilcategories_id!: number | null;

  @Column({ name: 'locations_id', type: 'int', nullable: true })
  locations_id!: number | null;

  @Column({ name: 'entities_id', type: 'int' })
  entities_id!: number;

  /** Opening date. */
  @Column({ name: 'date', type: 'datetime' })
  date!: Date;

  @Column({ name: 'time_to_resolve', type: 'datetime', nullable: true })
  time_to_resolve!: Date | null;

  /** GLPI's global validation: 1 None, 2 Waiting, 3 Accepted, 4 Refused (follows its validations). */
  @Column({ name: 'global_validation', type: 'int', default: 1 })
  global_validation!: number;

  @Column({ name: 'solvedate', type: 'datetime', nullable: true })
  solvedate!: Date | null;

  @Column({ name: 'closedate', type: 'datetime', nullable: true })
  closedate!: Date | null;

  /** Creator. */
  @Column({ name: 'users_id_recipient', type: 'int', nullable: true })
  users_id_recipient!: number | null;

  @Column({ name: 'users_id_lastupdater', type: 'int', nullable: true })
  users_id_lastupdater!: number | null;

  @Column({ name: 'is_deleted', type: 'boolean', default: false })
  is_deleted!: boolean;

  @Column({ name: 'date_creation', type: 'datetime', nullable: true })
  date_creation!: Date | null;

  @Column({ name: 'date_mod', type: 'datetime', nullable: true })
  date_mod!: Date | null;
}
