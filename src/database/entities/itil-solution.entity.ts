import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A proposed solution of a ticket, approved or refused by its requester (GLPI's glpi_itilsolutions). */
@Index('IDX_glpi_itilsolutions_itemtype_items_id_date_creation', ['itemtype', 'items_id', 'date_creation'])
@Index('IDX_glpi_itilsolutions_itemtype_items_id_status', ['itemtype', 'items_id', 'status'])
@Entity({ name: 'glpi_itilsolutions' })
export class ItilSolution {
  @PrimaryGeneratedColumn({ name: 'id', type: 'int' })
  id!: number;

  @Column({ name: 'itemtype', type: 'varchar', length: 100 })
  itemtype!: string;

  @Column({ name: 'items_id', type: 'int' })
  items_id!: number;

  @Column({ name: 'solutiontypes_id', type: 'int', nullable: true })
  solutiontypes_id!: number | null;

  @Column({ name: 'content', type: 'text', nullable: true })
  content!: string | null;

  /** Author. */
  @Column({ name: 'users_id', type: 'int' })
  users_id!: number;

  /** 2 Waiting, 3 Accepted, 4 Refused (GLPI's CommonITILValidation statuses). */
  @Column({ name: 'status', type: 'int', default: 2 })
  status!: number;

  @Column({ name: 'users_id_approval', type: 'int', nullable: true })
  users_id_approval!: number | null;

  @Column({ name: 'date_approval', type: 'datetime', nullable: true })
  date_approval!: Date | null;

  @Column({ name: 'date_creation', type: 'datetime', nullable: true })
  date_creation!: Date | null;

  @Column({ name: 'date_mod', type: 'datetime', nullable: true })
  date_mod!: Date | null;
}
