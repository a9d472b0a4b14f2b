import { Entity, Index } from 'typeorm';
import { BooleanColumn, DateTimeColumn, IdColumn, IntColumn, LongTextColumn } from './columns.js';

/** A task of a ticket: work done or to do, with the time it took (GLPI's glpi_tickettasks). */
@Index('IDX_glpi_tickettasks_tickets_id_date', ['tickets_id', 'date'])
@Index('IDX_glpi_tickettasks_users_id_tech', ['users_id_tech'])
@Entity({ name: 'glpi_tickettasks' })
export class TicketTask {
  @IdColumn()
  id!: number;

  @IntColumn()
  tickets_id!: number;

  /** Author. */
  @IntColumn()
  users_id!: number;

  /** Technician in charge. */
  @IntColumn({ nullable: true })
  users_id_tech!: number | null;

  @LongTextColumn({ nullable: true })
  content!: string | null;

  @BooleanColumn({ default: false })
  is_private!: boolean;

  /** 0 Information, 1 To do, 2 Done (GLPI's Planning states). */
  @IntColumn({ default: 1 })
  state!: number;

  /** Time spent, in seconds. */
  @IntColumn({ default: 0 })
  actiontime!: number;

  @DateTimeColumn({ nullable: true })
  begin!: Date | null;

  @DateTimeColumn({ nullable: true })
  end!: Date | null;

  @DateTimeColumn()
  date!: Date;

  @DateTimeColumn({ nullable: true })
  date_creation!: Date | null;

  @DateTimeColumn({ nullable: true })
  date_mod!: Date | null;
}
