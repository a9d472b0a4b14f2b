import { Entity, Index } from 'typeorm';
import { DateTimeColumn, IdColumn, IntColumn, TextColumn, VarcharColumn } from './columns.js';

/** An organisational entity (GLPI "entity"): a node of the tree that scopes every record. */
@Index('IDX_glpi_entities_completename_key', ['completename_key'])
@Index('IDX_glpi_entities_entities_id', ['entities_id'])
@Index('IDX_glpi_entities_name', ['name'])
@Index('IDX_glpi_entities_name_key', ['name_key'])
@Entity({ name: 'glpi_entities' })
export class GlpiEntity {
  @IdColumn()
  id!: number;

  @VarcharColumn()
  name!: string;

  @VarcharColumn()
  name_key!: string;

  /** Parent entity; null for the root. */
  @IntColumn({ nullable: true })
  entities_id!: number | null;

  @VarcharColumn()
  completename!: string;

  @VarcharColumn()
  completename_key!: string;

  @IntColumn({ default: 1 })
  level!: number;

  @TextColumn({ nullable: true })
  comment!: string | null;

  @DateTimeColumn({ nullable: true })
  date_creation!: Date | null;

  @DateTimeColumn({ nullable: true })
  date_mod!: Date | null;
}
