import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

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
