import { createHash } from 'node:crypto';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The authorization server's records were kept under the values clients and browsers hold (a
 * refresh token's row had the token as its id): a reader of the table could present them. `up`
 * rewrites each to what oauth-record-ids.ts kept when it was written (its id's hash, the payload without `jti` or an
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
      const stored = JSON.stringify(storedPayloadThen(kind, JSON.parse(payload) as object));
      await rename(queryRunner, kind, id, storedIdThen(kind, id), stored);
    }
    await renameWebSessions(queryRunner, 'base64url', 'hex');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    const kept = [...NOT_THE_PROVIDERS, 'Client'];
    await queryRunner.query(`DELETE FROM oauth_records WHERE kind NOT IN (${kept.map(() => '?').join(', ')})`, kept);
    await renameWebSessions(queryRunner, 'hex', 'base64url');
  }
}

/*
 * The rule of oauth-record-ids.ts (and hashSecret) as it stood when this migration was written,
 * copied rather than imported: a migration must write the same rows on every database it ever runs
 * on, so a later change of the live rule is a new migration, never a silent change of this one.
 */
const PUBLIC_ID_KINDS_THEN = new Set(['Client']);

/** The id a provider's record was stored under: its SHA-256 in hex, a Client's id as it is. */
export function storedIdThen(kind: string, id: string): string {
  return PUBLIC_ID_KINDS_THEN.has(kind) ? id : createHash('sha256').update(id, 'utf8').digest('hex');
}

/** The payload as stored: without `jti`, and an interaction's session without the browser's cookie. */
export function storedPayloadThen(kind: string, payload: object): object {
  if (PUBLIC_ID_KINDS_THEN.has(kind)) return payload;
  const { jti: _id, ...kept } = payload as { jti?: unknown };
  const session = (kept as { session?: object }).session;
  if (kind === 'Interaction' && session && typeof session === 'object') {
    const { cookie: _cookie, ...sessionKept } = session as { cookie?: unknown };
    return { ...kept, session: sessionKept };
  }
  return kept;
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
