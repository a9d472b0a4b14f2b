import { Entity, Index } from 'typeorm';
import { BooleanColumn, DateTimeColumn, IdColumn, IntColumn, VarcharColumn } from './columns.js';

/** GLPI's solution types (a dropdown a solution names). */
@Index('IDX_glpi_solutiontypes_entities_id', ['entities_id'])
@Index('IDX_glpi_solutiontypes_name_key', ['name_key'])
@Entity({ name: 'glpi_solutiontypes' })
export class SolutionType {
  @IdColumn()
  id!: number;

  @VarcharColumn()
  name!: string;

  @VarcharColumn()
  name_key!: string;

  @IntColumn()
  entities_id!: number;

  @BooleanColumn({ default: false })
  is_recursive!: boolean;

  @DateTimeColumn({ nullable: true })
  date_creation!: Date | null;

  @DateTimeColumn({ nullable: true })
  date_mod!: Date | null;
}
