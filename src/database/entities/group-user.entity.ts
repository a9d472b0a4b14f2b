import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

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
