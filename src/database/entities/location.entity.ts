import { Entity, Index } from 'typeorm';
import { BooleanColumn, DateTimeColumn, IdColumn, IntColumn, VarcharColumn } from './columns.js';

/** A location: a tree node whose completename is the ' > '-joined path from the top. */
@Index('IDX_glpi_locations_completename_key', ['completename_key'])
@Index('IDX_glpi_locations_entities_id', ['entities_id'])
@Index('IDX_glpi_locations_locations_id', ['locations_id'])
@Index('IDX_glpi_locations_name', ['name'])
@Index('IDX_glpi_locations_name_key', ['name_key'])
@Entity({ name: 'glpi_locations' })
export class Location {
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
  locations_id!: number | null;

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
