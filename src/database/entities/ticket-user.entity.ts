import { Entity, Index } from 'typeorm';
import { IdColumn, IntColumn } from './columns.js';

/** Actor roles shared by `glpi_tickets_users.type` and `glpi_groups_tickets.type`. */
export const ACTOR_TYPE = { requester: 1, assigned: 2, observer: 3 } as const;

@Index('IDX_glpi_tickets_users_tickets_id_type', ['tickets_id', 'type'])
@Index('IDX_glpi_tickets_users_users_id_type_tickets_id', ['users_id', 'type', 'tickets_id'])
@Entity({ name: 'glpi_tickets_users' })
export class TicketUser {
  @IdColumn()
  id!: number;

  @IntColumn()
  tickets_id!: number;

  @IntColumn()
  users_id!: number;

  /** See {@link ACTOR_TYPE}. */
  @IntColumn({ default: 1 })
  type!: number;
}
