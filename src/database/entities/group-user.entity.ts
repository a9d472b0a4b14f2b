import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Index('UQ_glpi_groups_users_groups_id_users_id', ['groups_id', 'users_id'], { unique: true })
@Index('IDX_glpi_groups_users_users_id', ['users_id'])
@Entity({ name: 'glpi_groups_users' })
export class GroupUser {
  @PrimaryGeneratedColumn({ name: 'id', type: 'int' })
  id!: number;

  @Column({ name: 'groups_id', type: 'int' })
  groups_id!: number;

  @Column({ name: 'users_id', type: 'int' })
  users_id!: number;

  @Column({ name: 'date_creation', type: 'datetime', nullable: true })
  date_creation!: Date | null;

  @Column({ name: 'date_mod', type: 'datetime', nullable: true })
  date_mod!: Date | null;
}
