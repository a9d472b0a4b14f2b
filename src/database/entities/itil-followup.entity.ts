import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Index('IDX_glpi_itilfollowups_date', ['date'])
@Index('IDX_glpi_itilfollowups_itemtype_items_id_date', ['itemtype', 'items_id', 'date'])
@Index('IDX_glpi_itilfollowups_users_id', ['users_id'])
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
