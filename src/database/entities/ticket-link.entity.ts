import { Entity, Index } from 'typeorm';
import { IdColumn, IntColumn } from './columns.js';

/** GLPI's link types between two tickets: tickets_id_1 <link> tickets_id_2. */
export const TICKET_LINK = { related: 1, duplicate: 2, childOf: 3, parentOf: 4 } as const;

/** A link between two tickets (GLPI's glpi_tickets_tickets). */
@Index('UQ_glpi_tickets_tickets_tickets_id_1_tickets_id_2', ['tickets_id_1', 'tickets_id_2'], { unique: true })
@Index('IDX_glpi_tickets_tickets_tickets_id_2', ['tickets_id_2'])
@Entity({ name: 'glpi_tickets_tickets' })
export class TicketLink {
  @IdColumn()
  id!: number;

  @IntColumn()
  tickets_id_1!: number;

  @IntColumn()
  tickets_id_2!: number;

  /** See {@link TICKET_LINK}. */
  @IntColumn({ default: 1 })
  link!: number;
}
