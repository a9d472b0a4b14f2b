import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A task of a ticket: work done or to do, with the time it took (GLPI's glpi_tickettasks). */
@Index('IDX_glpi_tickettasks_tickets_id_date', ['tickets_id', 'date'])
@Index('IDX_glpi_tickettasks_users_id_tech', ['users_id_tech'])
@Entity({ name: 'glpi_tickettasks' })
export class TicketTask {
  @PrimaryGeneratedColumn({ name: 'id', type: 'int' })
  id!: number;

  @Column({ name: 'tickets_id', type: 'int' })
  tickets_id!: number;

  /** Author. */
  @Column({ name: 'users_id', type: 'int' })
  users_id!: number;

  /** Technician in charge. */
  @Column({ name: 'users_id_tech', type: 'int', nullable: true })
  users_id_tech!: number | null;

  @Column({ name: 'content', type: 'text', nullable: true })
  content!: string | null;

  @Column({ name: 'is_private', type: 'boolean', default: false })
  is_private!: boolean;

  /** 0 Information, 1 To do, 2 Done (GLPI's Planning states). */
  @Column({ name: 'state', type: 'int', default: 1 })
  state!: number;

  /** Time spent, in seconds. */
  @Column({ name: 'actiontime', type: 'int', default: 0 })
  actiontime!: number;

  @Column({ name: 'begin', type: 'datetime', nullable: true })
  begin!: Date | null;

  @Column({ name: 'end', type: 'datetime', nullable: true })
  end!: Date | null;

  @Column({ name: 'date', type: 'datetime' })
  date!: Date;

  @Column({ name: 'date_creation', type: 'datetime', nullable: true })
  date_creation!: Date | null;

  @Column({ name: 'date_mod', type: 'datetime', nullable: true })
  date_mod!: Date | null;
}
