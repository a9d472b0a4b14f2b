import { Entity, Index } from 'typeorm';
import { IdColumn, IntColumn } from './columns.js';

@Index('IDX_glpi_groups_tickets_groups_id_type_tickets_id', ['groups_id', 'type', 'tickets_id'])
@Index('IDX_glpi_groups_tickets_tickets_id_type', ['tickets_id', 'type'])
@Entity({ name: 'glpi_groups_tickets' })
export class GroupTicket {
  @IdColumn()
  id!: number;

  @IntColumn()
  tickets_id!: number;

  @IntColumn()
  groups_id!: number;

  /** 1 requester, 2 assigned, 3 observer. */
  @IntColumn({ default: 1 })
  type!: number;
}
