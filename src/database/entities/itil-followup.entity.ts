import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'glpi_itilfollowups' })
export class ItilFollowup {
  @PrimaryGeneratedColumn({ name: 'id', type: 'int' })
  id!: number;

  /** Owner type, e.g. 'Ticket'. */
  @Column({ name: 'itemtype', type: 'varchar', length: 100 })
  itemtype!: string;

  @Column({ name: 'items_id', type: 'int' })
  items_id!: number;

  /** Author. */
  @Column({ name: 'users_id', type: 'int' })
  users_id!: number;

  @Column({ name: 'content', type: 'text' })
  content!: string;

  @Column({ name: 'is_private', type: 'boolean', default: false })
  is_private!: boolean;

  @Column({ name: 'date', type: 'datetime' })
  date!: Date;

  @Column({ name: 'date_creation', type: 'datetime', nullable: true })
  date_creation!: Date | null;

  @Column({ name: 'date_mod', type: 'datetime', nullable: true })
  date_mod!: Date | null;
}
