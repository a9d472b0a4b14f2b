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

/** The entity classes' long text properties (LongTextColumn), by class. */
const LONG_TEXTS = new WeakMap<object, Set<string | symbol>>();

/**
 * A text of up to 65,000 characters, or JSON that carries one: LONGTEXT on MariaDB/MySQL, as GLPI's
 * (migration LongTexts1769100000001), where TEXT holds 65,535 bytes and 65,000 characters take up to
 * 260,000; TEXT on SQLite, which bounds neither. TypeORM takes one type for every database and its
 * SQLite driver knows no LONGTEXT, so the entity declares `text` and the column is marked here, for
 * the comparison of entities and migrations to read as LONGTEXT on MariaDB/MySQL. Nothing else
 * reads the type: the schema comes from the migrations only.
 */
export function LongTextColumn(options: NullableOption = {}): ColumnDecorator {
  const column = TextColumn(options);
  return (target, property) => {
    column(target, property);
    const marked = LONG_TEXTS.get(target.constructor) ?? new Set<string | symbol>();
    LONG_TEXTS.set(target.constructor, marked.add(property));
  };
}

/** Whether `property` of entity class `target` is a LongTextColumn. */
export function isLongTextColumn(target: unknown, property: string): boolean {
  return typeof target === 'function' && (LONG_TEXTS.get(target)?.has(property) ?? false);
}

/** GLPI's flags (is_deleted, is_recursive…) always have a default. */
export function BooleanColumn(options: { default: boolean }): ColumnDecorator {
  return Column({ type: 'boolean', ...options });
}

export function DateTimeColumn(options: NullableOption = {}): ColumnDecorator {
  return Column({ type: 'datetime', ...options });
}
