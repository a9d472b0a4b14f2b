import { Entity, Index } from 'typeorm';
import { BooleanColumn, DateTimeColumn, IdColumn, IntColumn, LongTextColumn, VarcharColumn } from './columns.js';

@Index('IDX_glpi_itilfollowups_date', ['date'])
@Index('IDX_glpi_itilfollowups_itemtype_items_id_date', ['itemtype', 'items_id', 'date'])
@Index('IDX_glpi_itilfollowups_users_id', ['users_id'])
@Entity({ name: 'glpi_itilfollowups' })
export class ItilFollowup {
  @IdColumn()
  id!: number;

  /** Owner type, e.g. 'Ticket'. */
  @VarcharColumn({ length: 100 })
  itemtype!: string;

  @IntColumn()
  items_id!: number;

  /** Author. */
  @IntColumn()
  users_id!: number;

  @LongTextColumn()
  content!: string;

  @BooleanColumn({ default: false })
  is_private!: boolean;

  @DateTimeColumn()
  date!: Date;

  @DateTimeColumn({ nullable: true })
  date_creation!: Date | null;

  @DateTimeColumn({ nullable: true })
  date_mod!: Date | null;
}
