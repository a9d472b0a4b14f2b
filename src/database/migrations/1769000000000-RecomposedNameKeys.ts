import type { MigrationInterface, QueryRunner } from 'typeorm';
import { matchKey } from '../../text/normalize.js';
import { userKeys } from '../user-keys.js';

/** Each table's folded key columns, with the column each folds. Users' keys come from userKeys. */
const FOLDED: Array<{ table: string; keys: Record<string, string> }> = [
  { table: 'glpi_entities', keys: { name_key: 'name', completename_key: 'completename' } },
  { table: 'glpi_profiles', keys: { name_key: 'name' } },
  { table: 'glpi_groups', keys: { name_key: 'name' } },
  { table: 'glpi_projectstates', keys: { name_key: 'name' } },
  { table: 'glpi_itilcategories', keys: { name_key: 'name', completename_key: 'completename' } },
  { table: 'glpi_locations', keys: { name_key: 'name', completename_key: 'completename' } },
  { table: 'glpi_solutiontypes', keys: { name_key: 'name' } },
  { table: 'glpi_projects', keys: { name_key: 'name' } },
  { table: 'glpi_projecttasks', keys: { name_key: 'name' } },
  { table: 'glpi_tickets', keys: { name_key: 'name' } },
];
const USER_SOURCES = ['name', 'email', 'firstname', 'realname'];
const USER_KEYS = ['name_key', 'email_key', 'fullname_key'];
const USER_LOOKALIKES = ['name_lookalike', 'email_lookalike'];
const PAGE = 1000;

type Row = Record<string, unknown> & { id: number };
type Keys = Record<string, string | null>;

/**
 * Name keys recomposed after their accents are stripped (matchKey): a Hangul syllable or a voiced
 * kana is one character of its key again, where it was two or three (a 200-syllable name had a
 * 600-character key, which MariaDB refused). Keys are also cut to their column's 255 characters
 * ("firstname realname", look-alike keys). Rewrites the keys that differ from the current rule, on
 * every table that has them: in practice rows with such scripts; Latin keys are unchanged.
 * `down` writes name, email and full name keys with the previous rule again; look-alike keys stay
 * cut (the previous rule differed only past 255 characters, which MariaDB could not hold).
 */
export class RecomposedNameKeys1769000000000 implements MigrationInterface {
  name = 'RecomposedNameKeys1769000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const { table, keys } of FOLDED) await refold(queryRunner, table, Object.values(keys), Object.keys(keys), (row) => foldEach(keys, row, matchKey));
    await refold(queryRunner, 'glpi_users', USER_SOURCES, [...USER_KEYS, ...USER_LOOKALIKES], (row) => ({ ...userKeys(row) }));
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const { table, keys } of FOLDED)
      await refold(queryRunner, table, Object.values(keys), Object.keys(keys), (row) => foldEach(keys, row, previousMatchKey));
    await refold(queryRunner, 'glpi_users', USER_SOURCES, USER_KEYS, previousUserKeys);
  }
}

/** The rule before this migration: marks stripped from the decomposed text, which stayed decomposed. */
function previousMatchKey(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function previousUserKeys(row: Row): Keys {
  const text = (value: unknown): string => textOf(value).trim();
  const full = [text(row.firstname), text(row.realname)].filter(Boolean).join(' ');
  return {
    name_key: previousMatchKey(text(row.name)),
    email_key: text(row.email) ? previousMatchKey(text(row.email)) : null,
    fullname_key: full ? previousMatchKey(full) : null,
  };
}

function foldEach(keys: Record<string, string>, row: Row, fold: (value: string) => string): Keys {
  return Object.fromEntries(Object.entries(keys).map(([key, source]) => [key, fold(textOf(row[source]))]));
}

/**
 * Rewrites, a page of rows at a time in id order, the `keyColumns` of `table` whose stored value
 * differs from `keysOf(row)` (a row of `sources`); rows whose keys are all equal are not written.
 */
async function refold(queryRunner: QueryRunner, table: string, sources: string[], keyColumns: string[], keysOf: (row: Row) => Keys): Promise<void> {
  const columns = ['id', ...sources, ...keyColumns].join(', ');
  for (let after = 0; ;) {
    const rows = (await queryRunner.query(`SELECT ${columns} FROM ${table} WHERE id > ? ORDER BY id LIMIT ${PAGE}`, [after])) as Row[];
    if (rows.length === 0) return;
    after = Number(rows[rows.length - 1].id);
    const changed = rows.map((row) => ({ id: Number(row.id), keys: keysOf(row), row })).filter(({ keys: k, row }) => keyColumns.some((c) => k[c] !== row[c]));
    if (changed.length > 0) await writeKeys(queryRunner, table, keyColumns, changed);
  }
}

async function writeKeys(queryRunner: QueryRunner, table: string, keyColumns: string[], changed: Array<{ id: number; keys: Keys }>): Promise<void> {
  const cases = keyColumns.map((column) => `${column} = CASE id ${changed.map(() => 'WHEN ? THEN ?').join(' ')} END`).join(', ');
  const params = [...keyColumns.flatMap((column) => changed.flatMap((r) => [r.id, r.keys[column]])), ...changed.map((r) => r.id)];
  await queryRunner.query(`UPDATE ${table} SET ${cases} WHERE id IN (${changed.map(() => '?').join(', ')})`, params);
}
