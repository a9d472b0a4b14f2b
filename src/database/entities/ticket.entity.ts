import { Entity, Index } from 'typeorm';
import { BooleanColumn, DateTimeColumn, IdColumn, IntColumn, LongTextColumn, VarcharColumn } from './columns.js';

@Index('IDX_glpi_tickets_date', ['date'])
@Index('IDX_glpi_tickets_date_mod', ['date_mod'])
@Index('IDX_glpi_tickets_entities_id', ['entities_id'])
@Index('IDX_glpi_tickets_entities_id_is_deleted_status_date_mod', ['entities_id', 'is_deleted', 'status', 'date_mod'])
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
// MariaDB/MySQL only since migration SqliteSortWalk, which drops it on SQLite (its bounded statistics
// made it look selective, and unfiltered pages read every ticket through it): left to the migrations.
@Index('IDX_glpi_tickets_is_deleted', { synchronize: false })
@Entity({ name: 'glpi_tickets' })
export class Ticket {
  @IdColumn()
  id!: number;

  /** Title. */
  @VarcharColumn()
  name!: string;

  /** matchKey(name): titles are looked up by this key (ticket_get / ticket_update by title). */
  @VarcharColumn({ nullable: true })
  name_key!: string | null;

  @LongTextColumn({ nullable: true })
  content!: string | null;

  /** 1 Incident, 2 Request. */
  @IntColumn({ default: 1 })
  type!: number;

  /** 1 New … 6 Closed. */
  @IntColumn({ default: 1 })
  status!: number;

  @IntColumn({ default: 3 })
  urgency!: number;

  @IntColumn({ default: 3 })
  impact!: number;

  @IntColumn({ default: 3 })
  priority!: number;

  @IntColumn({ nullable: true })
  itilcategories_id!: number | null;

  @IntColumn({ nullable: true })
  locations_id!: number | null;

  @IntColumn()
  entities_id!: number;

  /** Opening date. */
  @DateTimeColumn()
  date!: Date;

  @DateTimeColumn({ nullable: true })
  time_to_resolve!: Date | null;

  /** GLPI's global validation: 1 None, 2 Waiting, 3 Accepted, 4 Refused (follows its validations). */
  @IntColumn({ default: 1 })
  global_validation!: number;

  @DateTimeColumn({ nullable: true })
  solvedate!: Date | null;

  @DateTimeColumn({ nullable: true })
  closedate!: Date | null;

  /** Creator. */
  @IntColumn({ nullable: true })
  users_id_recipient!: number | null;

  @IntColumn({ nullable: true })
  users_id_lastupdater!: number | null;

  @BooleanColumn({ default: false })
  is_deleted!: boolean;

  @DateTimeColumn({ nullable: true })
  date_creation!: Date | null;

  @DateTimeColumn({ nullable: true })
  date_mod!: Date | null;
}
