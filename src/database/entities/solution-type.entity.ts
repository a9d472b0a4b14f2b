import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** GLPI's solution types (a dropdown a solution names). */
@Index('IDX_glpi_solutiontypes_entities_id', ['entities_id'])
@Index('IDX_glpi_solutiontypes_name_key', ['name_key'])
@Entity({ name: 'glpi_solutiontypes' })
export class SolutionType {
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

  @Column({ name: 'date_creation', type: 'datetime', nullable: true })
  date_creation!: Date | null;

  @Column({ name: 'date_mod', type: 'datetime', nullable: true })
  date_mod!: Date | null;
}
