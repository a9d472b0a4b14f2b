import { MigrationInterface, QueryRunner, Table, TableColumnOptions, TableIndex } from 'typeorm';

// Portable column builders (SQLite and MySQL/MariaDB). Text columns never get a default.
const id: TableColumnOptions = {
  name: 'id',
  type: 'integer',
  isPrimary: true,
  isGenerated: true,
  generationStrategy: 'increment',
};
const int = (name: string, extra: Partial<TableColumnOptions> = {}): TableColumnOptions => ({
  name,
  type: 'int',
  ...extra,
});
const intNull = (name: string): TableColumnOptions => int(name, { isNullable: true });
const str = (name: string, length = 255, isNullable = false): TableColumnOptions => ({
  name,
  type: 'varchar',
  length: String(length),
  isNullable,
});
const strNull = (name: string, length = 255): TableColumnOptions => str(name, length, true);
const text = (name: string, isNullable = true): TableColumnOptions => ({ name, type: 'text', isNullable });
const bool = (name: string, value: boolean): TableColumnOptions => ({
  name,
  type: 'boolean',
  default: value ? 1 : 0,
});
const dt = (name: string, isNullable = true): TableColumnOptions => ({ name, type: 'datetime', isNullable });
const dates = [dt('date_creation'), dt('date_mod')];

/** Tree-shaped dropdown (categories, locations). */
const treeColumns = (parent: string): TableColumnOptions[] => [
  id,
  str('name'),
  str('name_key'),
  str('completename'),
  str('completename_key'),
  intNull(parent),
  int('entities_id'),
  bool('is_recursive', false),
  int('level', { default: 1 }),
  ...dates,
];

function table(name: string, columns: TableColumnOptions[], indexed: string[][], unique: string[][] = []): Table {
  const index = (cols: string[], isUnique: boolean) =>
    new TableIndex({ name: `${isUnique ? 'UQ' : 'IDX'}_${name}_${cols.join('_')}`, columnNames: cols, isUnique });
  return new Table({
    name,
    columns,
    indices: [...unique.map((c) => index(c, true)), ...indexed.map((c) => index(c, false))],
  });
}

function schema(): Table[] {
  return [
    table(
      'glpi_entities',
      [
        id,
        str('name'),
        str('name_key'),
        intNull('entities_id'),
        str('completename'),
        str('completename_key'),
        int('level', { default: 1 }),
        text('comment'),
        ...dates,
      ],
      [['name'], ['name_key'], ['entities_id'], ['completename_key']],
    ),
    table('glpi_profiles', [id, str('name'), str('name_key'), str('interface', 20), text('rights', false), ...dates], [['name_key']], [['name']]),
    table(
      'glpi_users',
      [
        id,
        str('name'),
        str('name_key'),
        strNull('realname'),
        strNull('firstname'),
        strNull('fullname_key'),
        strNull('email'),
        strNull('email_key'),
        strNull('phone'),
        strNull('timezone', 64),
        strNull('language', 10),
        bool('is_active', true),
        intNull('entities_id'),
        intNull('profiles_id'),
        bool('is_deleted', false),
        ...dates,
      ],
      [['name_key'], ['email_key'], ['fullname_key'], ['is_active'], ['is_deleted'], ['entities_id'], ['profiles_id']],
      [['name']],
    ),
    table(
      'glpi_profiles_users',
      [id, int('users_id'), int('profiles_id'), int('entities_id'), bool('is_recursive', false), ...dates],
      [['users_id'], ['entities_id'], ['profiles_id']],
    ),
    table(
      'glpi_groups',
      [id, str('name'), str('name_key'), int('entities_id'), bool('is_recursive', false), text('comment'), ...dates],
      [['name'], ['name_key'], ['entities_id']],
    ),
    table('glpi_groups_users', [id, int('groups_id'), int('users_id'), ...dates], [['users_id']], [['groups_id', 'users_id']]),
    table('glpi_projectstates', [id, str('name'), str('name_key'), strNull('color', 20), bool('is_finished', false), ...dates], [['name'], ['name_key']]),
    table(
      'glpi_projects',
      [
        id,
        str('name'),
        str('name_key'),
        strNull('code'),
        text('content'),
        text('comment'),
        intNull('projectstates_id'),
        int('priority', { default: 3 }),
        intNull('users_id'),
        intNull('groups_id'),
        int('entities_id'),
        intNull('projects_id'),
        dt('plan_start_date'),
        dt('plan_end_date'),
        dt('real_start_date'),
        dt('real_end_date'),
        int('percent_done', { default: 0 }),
        bool('is_deleted', false),
        ...dates,
      ],
      [
        ['name'],
        ['name_key'],
        ['projectstates_id'],
        ['users_id'],
        ['groups_id'],
        ['entities_id'],
        ['projects_id'],
        ['is_deleted'],
        ['date_mod'],
        ['plan_start_date'],
        ['plan_end_date'],
        ['priority'],
        ['entities_id', 'is_deleted', 'date_mod'],
      ],
    ),
    table('glpi_itilcategories', treeColumns('itilcategories_id'), [['name'], ['name_key'], ['completename_key'], ['itilcategories_id'], ['entities_id']]),
    table('glpi_locations', treeColumns('locations_id'), [['name'], ['name_key'], ['completename_key'], ['locations_id'], ['entities_id']]),
    table(
      'glpi_tickets',
      [
        id,
        str('name'),
        text('content'),
        int('type', { default: 1 }),
        int('status', { default: 1 }),
        int('urgency', { default: 3 }),
        int('impact', { default: 3 }),
        int('priority', { default: 3 }),
        intNull('itilcategories_id'),
        intNull('locations_id'),
        int('entities_id'),
        dt('date', false),
        dt('time_to_resolve'),
        dt('solvedate'),
        dt('closedate'),
        intNull('users_id_recipient'),
        intNull('users_id_lastupdater'),
        bool('is_deleted', false),
        ...dates,
      ],
      [
        ['name'],
        ['itilcategories_id'],
        ['locations_id'],
        ['entities_id'],
        ['users_id_recipient'],
        ['users_id_lastupdater'],
        ['status'],
        ['priority'],
        ['type'],
        ['urgency'],
        ['date'],
        ['date_mod'],
        ['time_to_resolve'],
        ['is_deleted'],
        ['entities_id', 'is_deleted', 'status', 'date_mod'],
      ],
    ),
    table(
      'glpi_tickets_users',
      [id, int('tickets_id'), int('users_id'), int('type', { default: 1 })],
      [
        ['tickets_id', 'type'],
        ['users_id', 'type', 'tickets_id'],
      ],
    ),
    table(
      'glpi_groups_tickets',
      [id, int('tickets_id'), int('groups_id'), int('type', { default: 1 })],
      [
        ['tickets_id', 'type'],
        ['groups_id', 'type', 'tickets_id'],
      ],
    ),
    table(
      'glpi_itilfollowups',
      [id, str('itemtype', 100), int('items_id'), int('users_id'), text('content', false), bool('is_private', false), dt('date', false), ...dates],
      [['itemtype', 'items_id'], ['users_id'], ['date']],
    ),
    table(
      'api_tokens',
      [
        id,
        int('users_id'),
        str('name'),
        str('token_hash', 64),
        str('prefix', 16),
        str('scopes', 100),
        dt('expires_at'),
        dt('revoked_at'),
        dt('last_used_at'),
        dt('created_at', false),
      ],
      [['users_id'], ['name']],
      [['token_hash']],
    ),
    table(
      'mcp_sessions',
      [
        { name: 'id', type: 'varchar', length: '64', isPrimary: true },
        int('users_id'),
        str('domain', 20),
        dt('created_at', false),
        dt('last_seen_at', false),
        dt('expires_at', false),
        dt('ended_at'),
        dt('verified_until'),
        strNull('otp_hash', 128),
        dt('otp_expires_at'),
        int('otp_failures', { default: 0 }),
        dt('otp_locked_until'),
        int('switch_count', { default: 0 }),
      ],
      [['users_id'], ['expires_at']],
    ),
    table(
      'audit_log',
      [
        id,
        dt('at', false),
        intNull('users_id'),
        intNull('token_id'),
        strNull('session_id', 64),
        str('transport', 10),
        strNull('tool', 100),
        strNull('route'),
        strNull('domain', 20),
        str('outcome', 40),
        int('duration_ms', { default: 0 }),
        text('changes'),
        text('message'),
      ],
      [['at'], ['users_id'], ['token_id'], ['tool'], ['outcome'], ['session_id']],
    ),
    table(
      'idempotency_records',
      [id, int('users_id'), str('tool', 100), str('idem_key'), str('fingerprint', 64), str('status', 20), text('result'), dt('created_at', false)],
      [['created_at']],
      [['users_id', 'tool', 'idem_key']],
    ),
  ];
}

export class InitialSchema1764460800000 implements MigrationInterface {
  name = 'InitialSchema1764460800000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const t of schema()) {
      await queryRunner.createTable(t, true);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const t of schema().reverse()) {
      await queryRunner.dropTable(t.name, true);
    }
  }
}
