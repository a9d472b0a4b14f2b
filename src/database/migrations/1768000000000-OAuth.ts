import { type MigrationInterface, type QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';

/**
 * Sign-in and the built-in OAuth authorization server: users get a password hash (scrypt), and the
 * authorization server keeps its state (clients, grants, codes, refresh tokens, interactions, web
 * sessions, its keys) in one table, so every replica sees it. Access tokens are rows of api_tokens.
 */
export class OAuth1768000000000 implements MigrationInterface {
  name = 'OAuth1768000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('glpi_users', new TableColumn({ name: 'password', type: 'varchar', length: '255', isNullable: true }));
    await queryRunner.createTable(
      new Table({
        name: 'oauth_records',
        columns: [
          { name: 'kind', type: 'varchar', length: '40', isPrimary: true },
          { name: 'id', type: 'varchar', length: '255', isPrimary: true },
          { name: 'payload', type: 'text' },
          { name: 'grant_id', type: 'varchar', length: '255', isNullable: true },
          { name: 'uid', type: 'varchar', length: '255', isNullable: true },
          { name: 'expires_at', type: 'datetime', isNullable: true },
          { name: 'consumed_at', type: 'datetime', isNullable: true },
        ],
        indices: [
          new TableIndex({ name: 'IDX_oauth_records_grant_id', columnNames: ['grant_id'] }),
          new TableIndex({ name: 'IDX_oauth_records_uid', columnNames: ['uid'] }),
          new TableIndex({ name: 'IDX_oauth_records_expires_at', columnNames: ['expires_at'] }),
        ],
      }),
      true,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('oauth_records', true);
    await queryRunner.dropColumn('glpi_users', 'password');
  }
}
