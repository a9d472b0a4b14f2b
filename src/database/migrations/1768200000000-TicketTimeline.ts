import { type MigrationInterface, type QueryRunner, Table, TableColumn, type TableColumnOptions, TableIndex } from 'typeorm';

const id: TableColumnOptions = { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' };
const int = (name: string, extra: Partial<TableColumnOptions> = {}): TableColumnOptions => ({ name, type: 'int', ...extra });
const intNull = (name: string): TableColumnOptions => int(name, { isNullable: true });
const str = (name: string, length = 255, isNullable = false): TableColumnOptions => ({ name, type: 'varchar', length: String(length), isNullable });
const text = (name: string): TableColumnOptions => ({ name, type: 'text', isNullable: true });
const bool = (name: string): TableColumnOptions => ({ name, type: 'boolean', default: 0 });
const dt = (name: string, isNullable = true): TableColumnOptions => ({ name, type: 'datetime', isNullable });
const dates = [dt('date_creation'), dt('date_mod')];

function table(name: string, columns: TableColumnOptions[], indexed: string[][], unique: string[][] = []): Table {
  const index = (cols: string[], isUnique: boolean) =>
    new TableIndex({ name: `${isUnique ? 'UQ' : 'IDX'}_${name}_${cols.join('_')}`, columnNames: cols, isUnique });
  return new Table({ name, columns, indices: [...unique.map((c) => index(c, true)), ...indexed.map((c) => index(c, false))] });
}

/**
 * What a technician records on a ticket besides followups, in GLPI's tables: tasks (time spent),
 * solutions (with their approval by the requester), validations (business sign-offs, to a user or a
 * group), links between tickets, and project tasks a ticket can be linked to. Tickets keep GLPI's
 * global validation status.
 */
export class TicketTimeline1768200000000 implements MigrationInterface {
  name = 'TicketTimeline1768200000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    const tables = [
      table('glpi_solutiontypes', [id, str('name'), str('name_key'), int('entities_id'), bool('is_recursive'), ...dates], [['name_key'], ['entities_id']]),
      table(
        'glpi_tickettasks',
        [
          id,
          int('tickets_id'),
          int('users_id'),
          intNull('users_id_tech'),
          text('content'),
          bool('is_private'),
          int('state', { default: 1 }),
          int('actiontime', { default: 0 }),
          dt('begin'),
          dt('end'),
          dt('date', false),
          ...dates,
        ],
        [['tickets_id', 'date'], ['users_id_tech']],
      ),
      table(
        'glpi_itilsolutions',
        [
          id,
          str('itemtype', 100),
          int('items_id'),
          intNull('solutiontypes_id'),
          text('content'),
          int('users_id'),
          int('status', { default: 2 }),
          intNull('users_id_approval'),
          dt('date_approval'),
          ...dates,
        ],
        [['itemtype', 'items_id', 'status']],
      ),
      table(
        'glpi_ticketvalidations',
        [
          id,
          int('entities_id'),
          int('tickets_id'),
          int('users_id'),
          str('itemtype_target', 100),
          int('items_id_target'),
          intNull('users_id_validate'),
          text('comment_submission'),
          text('comment_validation'),
          int('status', { default: 2 }),
          dt('submission_date', false),
          dt('validation_date'),
        ],
        [
          ['tickets_id', 'status'],
          ['itemtype_target', 'items_id_target'],
        ],
      ),
      table(
        'glpi_tickets_tickets',
        [id, int('tickets_id_1'), int('tickets_id_2'), int('link', { default: 1 })],
        [['tickets_id_2']],
        [['tickets_id_1', 'tickets_id_2']],
      ),
      table(
        'glpi_projecttasks',
        [
          id,
          str('name'),
          str('name_key'),
          text('content'),
          int('projects_id'),
          int('entities_id'),
          bool('is_recursive'),
          dt('plan_start_date'),
          dt('plan_end_date'),
          dt('real_start_date'),
          dt('real_end_date'),
          int('percent_done', { default: 0 }),
          intNull('projectstates_id'),
          int('users_id'),
          ...dates,
        ],
        [['projects_id'], ['name_key'], ['entities_id']],
      ),
      table(
        'glpi_projecttaskteams',
        [id, int('projecttasks_id'), str('itemtype', 100), int('items_id')],
        [['itemtype', 'items_id']],
        [['projecttasks_id', 'itemtype', 'items_id']],
      ),
      table('glpi_projecttasks_tickets', [id, int('tickets_id'), int('projecttasks_id')], [['projecttasks_id']], [['tickets_id', 'projecttasks_id']]),
    ];
    for (const t of tables) await queryRunner.createTable(t, true);
    // GLPI's CommonITILValidation::NONE: no validation asked.
    await queryRunner.addColumn('glpi_tickets', new TableColumn({ name: 'global_validation', type: 'int', default: 1 }));
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('glpi_tickets', 'global_validation');
    for (const name of [
      'glpi_projecttasks_tickets',
      'glpi_projecttaskteams',
      'glpi_projecttasks',
      'glpi_tickets_tickets',
      'glpi_ticketvalidations',
      'glpi_itilsolutions',
      'glpi_tickettasks',
      'glpi_solutiontypes',
    ])
      await queryRunner.dropTable(name, true);
  }
}
