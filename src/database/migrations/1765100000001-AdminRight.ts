import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The profiles that administer (tokens, sessions, audit), by their name key, as seeded. */
const ADMIN_PROFILE_KEYS = ['super-admin', 'admin'];

interface ProfileRow {
  id: number;
  name_key: string;
  rights: string | null;
}

/**
 * An explicit `admin` right in the profiles' rights, so a token's admin scope is tied to its user:
 * Super-Admin and Admin get it. A renamed administrator profile is left as it is (give it
 * `"admin": true` by hand).
 */
export class AdminRight1765100000001 implements MigrationInterface {
  name = 'AdminRight1765100000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await rewrite(queryRunner, (row, rights) => (ADMIN_PROFILE_KEYS.includes(row.name_key) ? { ...rights, admin: true } : undefined));
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await rewrite(queryRunner, (_row, rights) => {
      if (!('admin' in rights)) return undefined;
      const { admin: _admin, ...rest } = rights;
      return rest;
    });
  }
}

/** Rewrites the rights JSON of every profile `change` returns new rights for. */
async function rewrite(
  queryRunner: QueryRunner,
  change: (row: ProfileRow, rights: Record<string, unknown>) => Record<string, unknown> | undefined,
): Promise<void> {
  const rows = (await queryRunner.query('SELECT id, name_key, rights FROM glpi_profiles')) as ProfileRow[];
  for (const row of rows) {
    let rights: Record<string, unknown>;
    try {
      rights = JSON.parse(row.rights ?? '{}') as Record<string, unknown>;
    } catch {
      continue; // not ours to repair
    }
    const next = change(row, rights);
    if (next) await queryRunner.query('UPDATE glpi_profiles SET rights = ? WHERE id = ?', [JSON.stringify(next), row.id]);
  }
}
