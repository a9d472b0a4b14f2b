import { type MigrationInterface, type QueryRunner, TableIndex } from 'typeorm';

/**
 * A ticket's timeline (timeline.repository.ts) reads each kind's newest entries of one ticket: these
 * indexes hold them in that order (the primary key rides along as the tie-break on id), so each kind
 * is an index range read backwards and stops at its limit, instead of a sort of the ticket's entries
 * on every ticket_get. Tasks already have theirs (tickets_id, date). The followup index replaces the
 * (itemtype, items_id) one, of which it is an extension.
 */
const ORDER_INDEXES: Array<{ table: string; name: string; columns: string[] }> = [
  { table: 'glpi_itilfollowups', name: 'IDX_glpi_itilfollowups_itemtype_items_id_date', columns: ['itemtype', 'items_id', 'date'] },
  { table: 'glpi_itilsolutions', name: 'IDX_glpi_itilsolutions_itemtype_items_id_date_creation', columns: ['itemtype', 'items_id', 'date_creation'] },
  { table: 'glpi_ticketvalidations', name: 'IDX_glpi_ticketvalidations_tickets_id_submission_date', columns: ['tickets_id', 'submission_date'] },
];
const REPLACED = { table: 'glpi_itilfollowups', name: 'IDX_glpi_itilfollowups_itemtype_items_id', columns: ['itemtype', 'items_id'] };

export class TimelineOrderIndexes1768600000000 implements MigrationInterface {
  name = 'TimelineOrderIndexes1768600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const index of ORDER_INDEXES) {
      await queryRunner.createIndex(index.table, new TableIndex({ name: index.name, columnNames: index.columns }));
    }
    await queryRunner.dropIndex(REPLACED.table, REPLACED.name);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex(REPLACED.table, new TableIndex({ name: REPLACED.name, columnNames: REPLACED.columns }));
    for (const index of ORDER_INDEXES) await queryRunner.dropIndex(index.table, index.name);
  }
}
