import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Actor roles shared by `glpi_tickets_users.type` and `glpi_groups_tickets.type`. */
export const ACTOR_TYPE = { requester: 1, assigned: 2, observer: 3 } as const;

@Index('IDX_glpi_tickets_users_tickets_id_type', ['tickets_id', 'type'])
@Index('IDX_glpi_tickets_users_users_id_type_tickets_id', ['users_id', 'type', 'tickets_id'])
@Entity({ name: 'glpi_tickets_users' })
export class TicketUser {
  @PrimaryGeneratedColumn({ name: 'id', type: 'int' })
  id!: number;

  @Column({ name: 'tickets_id', type: 'int' })
  tickets_id!: number;

  @Column({ name: 'users_id', type: 'int' })
  users_id!: number;

  /** See {@link ACTOR_TYPE}. */
  @Column({ name: 'type', type: 'int', default: 1 })
  type!: number;
}
