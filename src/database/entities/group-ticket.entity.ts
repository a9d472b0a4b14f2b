import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'glpi_groups_tickets' })
export class GroupTicket {
  @PrimaryGeneratedColumn({ name: 'id', type: 'int' })
  id!: number;

  @Column({ name: 'tickets_id', type: 'int' })
  tickets_id!: number;

  @Column({ name: 'groups_id', type: 'int' })
  groups_id!: number;

  /** 1 requester, 2 assigned, 3 observer. */
  @Column({ name: 'type', type: 'int', default: 1 })
  type!: number;
}
