import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';

/**
 * Each audit row keeps its call's request id (X-Request-Id, or the trace id of traceparent), indexed,
 * so an operator goes from an answer or a log line to the row in one lookup. Older rows stay null.
 */
export class AuditRequestId1768500000000 implements MigrationInterface {
  name = 'AuditRequestId1768500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('audit_log', new TableColumn({ name: 'request_id', type: 'varchar', length: '128', isNullable: true }));
    await queryRunner.createIndex('audit_log', new TableIndex({ name: 'IDX_audit_log_request_id', columnNames: ['request_id'] }));
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('audit_log', 'IDX_audit_log_request_id');
    await queryRunner.dropColumn('audit_log', 'request_id');
  }
}
