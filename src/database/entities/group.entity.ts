import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Index('IDX_glpi_groups_entities_id', ['entities_id'])
@Index('IDX_glpi_groups_name', ['name'])
@Index('IDX_glpi_groups_name_key', ['name_key'])
@Entity({ name: 'glpi_groups' })
export class Group {
  @PrimaryGeneratedColumn({ name: 'id', type: 'int' })
  id!: number;

  @Column({ name: 'name', type: 'varchar', length: 255 })
  name!: string;

  @Column({ name: 'name_key', type: 'varchar', length: 255 })
  name_key!: string;

  @Column({ name: 'entities_id', type: 'int' })
  entities_id!: number;

  @Column({ name: 'is_recursive', type: 'boolean', default: false })
  is_recursive!: boolean;

  @Column({ name: 'comment', type: 'text', nullable: true })
  comment!: string | null;

  @Column({ name: 'date_creation', type: 'datetime', nullable: true })
  date_creation!: Date | null;

  @Column({ name: 'date_mod', type: 'datetime', nullable: true })
  date_mod!: Date | null;
}
