import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** An organisational entity (GLPI "entity"): a node of the tree that scopes every record. */
@Index('IDX_glpi_entities_completename_key', ['completename_key'])
@Index('IDX_glpi_entities_entities_id', ['entities_id'])
@Index('IDX_glpi_entities_name', ['name'])
@Index('IDX_glpi_entities_name_key', ['name_key'])
@Entity({ name: 'glpi_entities' })
export class GlpiEntity {
  @PrimaryGeneratedColumn({ name: 'id', type: 'int' })
  id!: number;

  @Column({ name: 'name', type: 'varchar', length: 255 })
  name!: string;

  @Column({ name: 'name_key', type: 'varchar', length: 255 })
  name_key!: string;

  /** Parent entity; null for the root. */
  @Column({ name: 'entities_id', type: 'int', nullable: true })
  entities_id!: number | null;

  @Column({ name: 'completename', type: 'varchar', length: 255 })
  completename!: string;

  @Column({ name: 'completename_key', type: 'varchar', length: 255 })
  completename_key!: string;

  @Column({ name: 'level', type: 'int', default: 1 })
  level!: number;

  @Column({ name: 'comment', type: 'text', nullable: true })
  comment!: string | null;

  @Column({ name: 'date_creation', type: 'datetime', nullable: true })
  date_creation!: Date | null;

  @Column({ name: 'date_mod', type: 'datetime', nullable: true })
  date_mod!: Date | null;
}
