import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Index('IDX_glpi_projectstates_name', ['name'])
@Index('IDX_glpi_projectstates_name_key', ['name_key'])
@Entity({ name: 'glpi_projectstates' })
export class ProjectState {
  @PrimaryGeneratedColumn({ name: 'id', type: 'int' })
  id!: number;

  @Column({ name: 'name', type: 'varchar', length: 255 })
  name!: string;

  @Column({ name: 'name_key', type: 'varchar', length: 255 })
  name_key!: string;

  @Column({ name: 'color', type: 'varchar', length: 20, nullable: true })
  color!: string | null;

  @Column({ name: 'is_finished', type: 'boolean', default: false })
  is_finished!: boolean;

  @Column({ name: 'date_creation', type: 'datetime', nullable: true })
  date_creation!: Date | null;

  @Column({ name: 'date_mod', type: 'datetime', nullable: true })
  date_mod!: Date | null;
}
