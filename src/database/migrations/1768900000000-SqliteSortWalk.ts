import { type MigrationInterface, type QueryRunner, TableIndex } from 'typeorm';

/**
 * SQLite: drops the single-column `is_deleted` index. Every ticket read has `is_deleted = 0`, true of
 * nearly every row, so the index never narrows; but the statistics `PRAGMA optimize` gathers with a
 * bounded sample (`analysis_limit`) make it look selective (about a thousand rows per value at a
 * million tickets), and SQLite then read all visible tickets through it and sorted them, for an
 * unfiltered search (2–5 s a page at 1M). Without it the planner walks the sort's own index and
 * stops after the page, for readers without an entity scope; a scoped reader still gets
 * `(entities_id, is_deleted, status, date_mod)` and a sort (docs/design.md, Sort indexes). Filters
 * keep their indexes.
 * MariaDB/MySQL read `(is_deleted, <sort>)` (TicketSortIndexes1768400000001): unchanged.
 */
const NAME = 'IDX_glpi_tickets_is_deleted';

export class SqliteSortWalk1768900000000 implements MigrationInterface {
  name = 'SqliteSortWalk1768900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.dataSource.options.type !== 'better-sqlite3') return;
    await queryRunner.dropIndex('glpi_tickets', NAME);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.dataSource.options.type !== 'better-sqlite3') return;
    await queryRunner.createIndex('glpi_tickets', new TableIndex({ name: NAME, columnNames: ['is_deleted'] }));
  }
}
