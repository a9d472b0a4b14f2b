import { Entity, Index } from 'typeorm';
import { BooleanColumn, DateTimeColumn, IdColumn, IntColumn, VarcharColumn } from './columns.js';

/** A ITIL category: a tree node whose completename is the ' > '-joined path from the top. */
@Index('IDX_glpi_itilcategories_completename_key', ['completename_key'])
@Index('IDX_glpi_itilcategories_entities_id', ['entities_id'])
@Index('IDX_glpi_itilcategories_itilcategories_id', ['itilcategories_id'])
@Index('IDX_glpi_itilcategories_name', ['name'])
@Index('IDX_glpi_itilcategories_name_key', ['name_key'])
@Entity({ name: 'glpi_itilcategories' })
export class ItilCategory {
  @IdColumn()
  id!: number;

  @VarcharColumn()
  name!: string;

  @VarcharColumn()
  name_key!: string;

  @VarcharColumn()
  completename!: string;

  @VarcharColumn()
  completename_key!: string;

  /** Parent; null at the top level. */
  @IntColumn({ nullable: true })
  itilcategories_id!: number | null;

  @IntColumn()
  entities_id!: number;

  @BooleanColumn({ default: false })
  is_recursive!: boolean;

  @IntColumn({ default: 1 })
  level!: number;

  @DateTimeColumn({ nullable: true })
  date_creation!: Date | null;

  @DateTimeColumn({ nullable: true })
  date_mod!: Date | null;
}
