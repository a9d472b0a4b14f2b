import { Column, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Column decorators of the GLPI data model, in the types the migrations make them with. A column is
 * named after its property (TypeORM's default), as every GLPI column is. Whether the entities and
 * the migrated schema agree is checked by test/integration/entities-match-migrations.spec.ts.
 */
type ColumnDecorator = PropertyDecorator;

interface NullableOption {
  nullable?: boolean;
}

/** The auto-increment key of a GLPI table. */
export function IdColumn(): ColumnDecorator {
  return PrimaryGeneratedColumn({ type: 'int' });
}

export function IntColumn(options: NullableOption & { default?: number } = {}): ColumnDecorator {
  return Column({ type: 'int', ...options });
}

/** A string of at most `length` characters: GLPI's names, keys and codes take 255. */
export function VarcharColumn(options: NullableOption & { length?: number; select?: boolean } = {}): ColumnDecorator {
  const { length = 255, ...rest } = options;
  return Column({ type: 'varchar', length, ...rest });
}

export function TextColumn(options: NullableOption = {}): ColumnDecorator {
  return Column({ type: 'text', ...options });
}

/** GLPI's flags (is_deleted, is_recursive…) always have a default. */
export function BooleanColumn(options: { default: boolean }): ColumnDecorator {
  return Column({ type: 'boolean', ...options });
}

export function DateTimeColumn(options: NullableOption = {}): ColumnDecorator {
  return Column({ type: 'datetime', ...options });
}
