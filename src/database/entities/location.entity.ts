import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A location: a tree node whose completename is the ' > '-joined path from the top. */
@Index('IDX_glpi_locations_completename_key', ['completename_key'])
@Index('IDX_glpi_locations_entities_id', ['entities_id'])
@Index('IDX_glpi_locations_locations_id', ['locations_id'])
@Index('IDX_glpi_locations_name', ['name'])
@Index('IDX_glpi_locations_name_key', ['name_key'])
@Entity({ name: 'glpi_locations' })
export class Location {
  @PrimaryGeneratedColumn({ name: 'id', type: 'int' })
  id!: number;

  @Column({ name: 'name', type: 'varchar', length: 255 })
  name!: string;

  @Column({ name: 'name_key', type: 'varchar', length: 255 })
  name_key!: string;

  @Column({ name: 'completename', type: 'varchar', length: 255 })
  completename!: string;

  @Column({ name: 'completename_key', type: 'varchar', length: 255 })
  completename_key!: string;

  /** Parent; null at the top level. */
  @Column({ name: 'locations_id', type: 'int', nullable: true })
  locations_id!: number | null;

  @Column({ name: 'entities_id', type: 'int' })
  entities_id!: number;

  @Column({ name: 'is_recursive', type: 'boolean', default: false })
  is_recursive!: boolean;

  @Column({ name: 'level', type: 'int', default: 1 })
  level!: number;

  @Column({ name: 'date_creation', type: 'datetime', nullable: true })
  date_creation!: Date | null;

  @Column({ name: 'date_mod', type: 'datetime', nullable: true })
  date_mod!: Date | null;
}
