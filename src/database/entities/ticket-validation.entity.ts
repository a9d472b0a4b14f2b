import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A sign-off asked of a user or a group on a ticket (GLPI's glpi_ticketvalidations). */
@Index('IDX_glpi_ticketvalidations_itemtype_target_items_id_target', ['itemtype_target', 'items_id_target'])
@Index('IDX_glpi_ticketvalidations_tickets_id_status', ['tickets_id', 'status'])
@Index('IDX_glpi_ticketvalidations_tickets_id_submission_date', ['tickets_id', 'submission_date'])
@Entity({ name: 'glpi_ticketvalidations' })
export class TicketValidation {
  @PrimaryGeneratedColumn({ name: 'id', type: 'int' })
  id!: number;

  @Column({ name: 'entities_id', type: 'int' })
  entities_id!: number;

  @Column({ name: 'tickets_id', type: 'int' })
  tickets_id!: number;

  /** Who asked. */
  @Column({ name: 'users_id', type: 'int' })
  users_id!: number;

  /** 'User' or 'Group': who is asked. */
  @Column({ name: 'itemtype_target', type: 'varchar', length: 100 })
  itemtype_target!: string;

  @Column({ name: 'items_id_target', type: 'int' })
  items_id_target!: number;

  /** Who answered. */
  @Column({ name: 'users_id_validate', type: 'int', nullable: true })
  users_id_validate!: number | null;

  @Column({ name: 'comment_submission', type: 'text', nullable: true })
  comment_submission!: string | null;

  @Column({ name: 'comment_validation', type: 'text', nullable: true })
  comment_validation!: string | null;

  /** 2 Waiting, 3 Accepted, 4 Refused. */
  @Column({ name: 'status', type: 'int', default: 2 })
  status!: number;

  @Column({ name: 'submission_date', type: 'datetime' })
  submission_date!: Date;

  @Column({ name: 'validation_date', type: 'datetime', nullable: true })
  validation_date!: Date | null;
}
