import { Entity, Index } from 'typeorm';
import { DateTimeColumn, IdColumn, IntColumn, LongTextColumn, VarcharColumn } from './columns.js';

/** A sign-off asked of a user or a group on a ticket (GLPI's glpi_ticketvalidations). */
@Index('IDX_glpi_ticketvalidations_itemtype_target_items_id_target', ['itemtype_target', 'items_id_target'])
@Index('IDX_glpi_ticketvalidations_tickets_id_status', ['tickets_id', 'status'])
@Index('IDX_glpi_ticketvalidations_tickets_id_submission_date', ['tickets_id', 'submission_date'])
@Entity({ name: 'glpi_ticketvalidations' })
export class TicketValidation {
  @IdColumn()
  id!: number;

  @IntColumn()
  entities_id!: number;

  @IntColumn()
  tickets_id!: number;

  /** Who asked. */
  @IntColumn()
  users_id!: number;

  /** 'User' or 'Group': who is asked. */
  @VarcharColumn({ length: 100 })
  itemtype_target!: string;

  @IntColumn()
  items_id_target!: number;

  /** Who answered. */
  @IntColumn({ nullable: true })
  users_id_validate!: number | null;

  @LongTextColumn({ nullable: true })
  comment_submission!: string | null;

  @LongTextColumn({ nullable: true })
  comment_validation!: string | null;

  /** 2 Waiting, 3 Accepted, 4 Refused. */
  @IntColumn({ default: 2 })
  status!: number;

  @DateTimeColumn()
  submission_date!: Date;

  @DateTimeColumn({ nullable: true })
  validation_date!: Date | null;
}
