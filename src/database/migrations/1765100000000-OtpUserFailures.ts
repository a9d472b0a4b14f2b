import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

/** Per-user count of one-time code tries, so new sessions give no fresh attempts. */
export class OtpUserFailures1765100000000 implements MigrationInterface {
  name = 'OtpUserFailures1765100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'otp_user_failures',
        columns: [
          { name: 'users_id', type: 'int', isPrimary: true },
          { name: 'failures', type: 'int', default: 0 },
          { name: 'window_until', type: 'datetime', isNullable: true },
        ],
      }),
      true,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('otp_user_failures', true);
  }
}
