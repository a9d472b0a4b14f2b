import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** GLPI's link types between two tickets: tickets_id_1 <link> tickets_id_2. */
export const TICKET_LINK = { related: 1, duplicate: 2, childOf: 3, parentOf: 4 } as const;

/** A link between two tickets (GLPI's glpi_tickets_tickets). */
@Index('UQ_glpi_tickets_tickets_tickets_id_1_tickets_id_2', ['tickets_id_1', 'tickets_id_2'], { unique: true })
@Index('IDX_glpi_tickets_tickets_tickets_id_2', ['tickets_id_2'])
@Entity({ name: 'glpi_tickets_tickets' })
export class TicketLink {
  @PrimaryGeneratedColumn({ name: 'id', type: 'int' })
  id!: number;

  @Column({ name: 'tickets_id_1', type: 'int' })
  tickets_id_1!: number;

  @Column({ name: 'tickets_id_2', type: 'int' })
  tickets_id_2!: number;

  /** See {@link TICKET_LINK}. */
  @Column({ name: 'link', type: 'int', default: 1 })
  link!: number;
}
