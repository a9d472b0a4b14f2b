import type { MigrationInterface, QueryRunner } from 'typeorm';
import { storedIdOf, storedPayloadOf } from '../oauth-record-ids.js';

/**
 * The authorization server's records were kept under the values clients and browsers hold (a
 * refresh token's row had the token as its id): a reader of the table could present them. `up`
 * rewrites each to what oauth-record-ids.ts keeps (its id's hash, the payload without `jti` or an
 * interaction's session cookie), in JS as SQLite has no SHA-256, so signed-in clients and browsers
 * go on as before; a web session's id, the same SHA-256 written in base64url, is written in hex as
 * every other stored secret (hashSecret). `down` cannot undo a hash: it drops the provider's records
 * (clients sign in again), keeps clients and the shared secrets, and writes web sessions back.
 */
const NOT_THE_PROVIDERS = ['Secrets', 'WebSession'];
const WEB_SESSION = 'WebSession';

export class OAuthRecordHashes1769200000000 implements MigrationInterface {
  name = 'OAuthRecordHashes1769200000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const { kind, id, payload } of await providerRecords(queryRunner)) {
      const stored = JSON.stringify(storedPayloadOf(kind, JSON.parse(payload) as object));
      await rename(queryRunner, kind, id, storedIdOf(kind, id), stored);
    }
    await renameWebSessions(queryRunner, 'base64url', 'hex');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    const kept = [...NOT_THE_PROVIDERS, 'Client'];
    await queryRunner.query(`DELETE FROM oauth_records WHERE kind NOT IN (${kept.map(() => '?').join(', ')})`, kept);
    await renameWebSessions(queryRunner, 'hex', 'base64url');
  }
}

async function providerRecords(queryRunner: QueryRunner): Promise<Array<{ kind: string; id: string; payload: string }>> {
  return (await queryRunner.query(
    `SELECT kind, id, payload FROM oauth_records WHERE kind NOT IN (${NOT_THE_PROVIDERS.map(() => '?').join(', ')})`,
    NOT_THE_PROVIDERS,
  )) as Array<{ kind: string; id: string; payload: string }>;
}

async function renameWebSessions(queryRunner: QueryRunner, from: BufferEncoding, to: BufferEncoding): Promise<void> {
  const rows = (await queryRunner.query('SELECT id, payload FROM oauth_records WHERE kind = ?', [WEB_SESSION])) as Array<{ id: string; payload: string }>;
  for (const { id, payload } of rows) await rename(queryRunner, WEB_SESSION, id, Buffer.from(id, from).toString(to), payload);
}

async function rename(queryRunner: QueryRunner, kind: string, id: string, storedId: string, payload: string): Promise<void> {
  await queryRunner.query('UPDATE oauth_records SET id = ?, payload = ? WHERE kind = ? AND id = ?', [storedId, payload, kind, id]);
}
