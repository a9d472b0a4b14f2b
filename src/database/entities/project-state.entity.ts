import { Entity, Index } from 'typeorm';
import { BooleanColumn, DateTimeColumn, IdColumn, VarcharColumn } from './columns.js';

@Index('IDX_glpi_projectstates_name', ['name'])
@Index('IDX_glpi_projectstates_name_key', ['name_key'])
@Entity({ name: 'glpi_projectstates' })
export class ProjectState {
  @IdColumn()
  id!: number;

  @VarcharColumn()
  name!: string;

  @VarcharColumn()
  name_key!: string;

  @VarcharColumn({ length: 20, nullable: true })
  color!: string | null;

  @BooleanColumn({ default: false })
  is_finished!: boolean;

  @DateTimeColumn({ nullable: true })
  date_creation!: Date | null;

  @DateTimeColumn({ nullable: true })
  date_mod!: Date | null;
}
