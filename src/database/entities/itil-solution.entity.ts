import { Entity, Index } from 'typeorm';
import { DateTimeColumn, IdColumn, IntColumn, LongTextColumn, VarcharColumn } from './columns.js';

/** A proposed solution of a ticket, approved or refused by its requester (GLPI's glpi_itilsolutions). */
@Index('IDX_glpi_itilsolutions_itemtype_items_id_date_creation', ['itemtype', 'items_id', 'date_creation'])
@Index('IDX_glpi_itilsolutions_itemtype_items_id_status', ['itemtype', 'items_id', 'status'])
@Entity({ name: 'glpi_itilsolutions' })
export class ItilSolution {
  @IdColumn()
  id!: number;

  @VarcharColumn({ length: 100 })
  itemtype!: string;

  @IntColumn()
  items_id!: number;

  @IntColumn({ nullable: true })
  solutiontypes_id!: number | null;

  @LongTextColumn({ nullable: true })
  content!: string | null;

  /** Author. */
  @IntColumn()
  users_id!: number;

  /** 2 Waiting, 3 Accepted, 4 Refused (GLPI's CommonITILValidation statuses). */
  @IntColumn({ default: 2 })
  status!: number;

  @IntColumn({ nullable: true })
  users_id_approval!: number | null;

  @DateTimeColumn({ nullable: true })
  date_approval!: Date | null;

  @DateTimeColumn({ nullable: true })
  date_creation!: Date | null;

  @DateTimeColumn({ nullable: true })
  date_mod!: Date | null;
}
