import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Index('IDX_glpi_groups_tickets_groups_id_type_tickets_id', ['groups_id', 'type', 'tickets_id'])
@Index('IDX_glpi_groups_tickets_tickets_id_type', ['tickets_id', 'type'])
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
