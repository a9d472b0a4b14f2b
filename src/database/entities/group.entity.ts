import { Entity, Index } from 'typeorm';
import { BooleanColumn, DateTimeColumn, IdColumn, IntColumn, TextColumn, VarcharColumn } from './columns.js';

@Index('IDX_glpi_groups_entities_id', ['entities_id'])
@Index('IDX_glpi_groups_name', ['name'])
@Index('IDX_glpi_groups_name_key', ['name_key'])
@Entity({ name: 'glpi_groups' })
export class Group {
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

  @TextColumn({ nullable: true })
  comment!: string | null;

  @DateTimeColumn({ nullable: true })
  date_creation!: Date | null;

  @DateTimeColumn({ nullable: true })
  date_mod!: Date | null;
}
