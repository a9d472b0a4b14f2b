import { type MigrationInterface, type QueryRunner, Table, TableIndex } from 'typeorm';

/**
 * Writes a person approves on the server's own page (`approvals`: the exact normalized payload, its
 * hash and the preview shown), and the one-time sign-in links and web sessions of that page
 * (`web_sign_ins`). Only hashes of the link and session secrets are stored.
 */
export class Approvals1768100000000 implements MigrationInterface {
  name = 'Approvals1768100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'approvals',
        columns: [
          { name: 'id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'users_id', type: 'int' },
          { name: 'session_id', type: 'varchar', length: '64' },
          { name: 'tool', type: 'varchar', length: '64' },
          { name: 'domain', type: 'varchar', length: '16', isNullable: true },
          { name: 'payload_hash', type: 'varchar', length: '64' },
          { name: 'payload', type: 'text' },
          { name: 'preview', type: 'text' },
          { name: 'arguments', type: 'text' },
          { name: 'idempotency_key', type: 'varchar', length: '255', isNullable: true },
          { name: 'client_name', type: 'varchar', length: '128', isNullable: true },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'created_at', type: 'datetime' },
          { name: 'expires_at', type: 'datetime' },
          { name: 'decided_at', type: 'datetime', isNullable: true },
          { name: 'consumed_at', type: 'datetime', isNullable: true },
        ],
      }),
      true,
    );
    await queryRunner.createIndex(
      'approvals',
      new TableIndex({ name: 'IDX_approvals_match', columnNames: ['users_id', 'session_id', 'tool', 'payload_hash'] }),
    );
    await queryRunner.createIndex('approvals', new TableIndex({ name: 'IDX_approvals_status', columnNames: ['status', 'expires_at'] }));
    await queryRunner.createTable(
      new Table({
        name: 'web_sign_ins',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'users_id', type: 'int' },
          { name: 'link_hash', type: 'varchar', length: '64', isUnique: true },
          { name: 'return_to', type: 'varchar', length: '255' },
          { name: 'link_expires_at', type: 'datetime' },
          { name: 'used_at', type: 'datetime', isNullable: true },
          { name: 'session_hash', type: 'varchar', length: '64', isNullable: true, isUnique: true },
          { name: 'session_expires_at', type: 'datetime', isNullable: true },
          { name: 'created_at', type: 'datetime' },
        ],
      }),
      true,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('web_sign_ins', true);
    await queryRunner.dropTable('approvals', true);
  }
}
