import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { storedIdThen, storedPayloadThen } from '../../src/database/migrations/1769200000000-OAuthRecordHashes.js';
import { storedIdOf, storedPayloadOf } from '../../src/database/oauth-record-ids.js';
import { hashSecret } from '../../src/database/secret-hash.js';
import { DATABASES, type MigrationDataSource, migrationDataSource, undoDownTo } from '../support/databases.js';

const MIGRATION = 'OAuthRecordHashes1769200000000';
const REFRESH_TOKEN = 'rt-Zq3m8yWk1v0PpLr4sT6uX9aBcDeFgHiJkLmNoPqRs';
const SESSION_COOKIE = 'ses-Jd82kQm1Xv7pLr4sT6uX9aBc';
const INTERACTION = 'int-Pq9sLm2Xv7kQd81';
const CLIENT_ID = 'client-Ab12';
const WEB_SESSION_COOKIE = 'web-Kq81mXv7pLr4sT6uX9aBcDeFgHiJkLmNoPqRsTuV';
/** How web session ids were stored before: the cookie's SHA-256 in base64url (now hex, as every stored secret). */
const WEB_SESSION_BEFORE = createHash('sha256').update(WEB_SESSION_COOKIE).digest('base64url');

interface Row {
  kind: string;
  id: string;
  payload: Record<string, unknown>;
}

/**
 * The authorization server's records as stored before: under the values clients and browsers hold,
 * with `jti` in the payload. Up keeps them under their hashes (the adapter then finds them by the same
 * values), and web sessions under the hex form of theirs; down drops the provider's records, keeping
 * clients, secrets and web sessions (back in base64url).
 */
describe.each(DATABASES)('OAuth record hashes migration on %s', (kind) => {
  let source: MigrationDataSource;
  let ds: DataSource;

  beforeAll(async () => {
    source = await migrationDataSource(kind);
    ds = source.ds;
  });
  afterAll(() => source?.close());

  const insert = (row: Row) =>
    ds.query('INSERT INTO oauth_records (kind, id, payload, grant_id, uid) VALUES (?, ?, ?, ?, ?)', [
      row.kind,
      row.id,
      JSON.stringify(row.payload),
      row.payload.grantId ?? null,
      row.payload.uid ?? null,
    ]);
  const rows = async (): Promise<Row[]> =>
    ((await ds.query('SELECT kind, id, payload FROM oauth_records ORDER BY kind')) as Array<{ kind: string; id: string; payload: string }>).map((r) => ({
      ...r,
      payload: JSON.parse(r.payload) as Record<string, unknown>,
    }));

  it('keeps every record of the provider but clients under its id’s hash, without the id in its payload, and web sessions in hex; down drops them', async () => {
    await ds.runMigrations({ transaction: 'all' });
    await undoDownTo(ds, MIGRATION);
    await insert({ kind: 'Client', id: CLIENT_ID, payload: { client_id: CLIENT_ID, redirect_uris: ['http://127.0.0.1:9/cb'] } });
    await insert({ kind: 'RefreshToken', id: REFRESH_TOKEN, payload: { jti: REFRESH_TOKEN, kind: 'RefreshToken', grantId: 'g1', clientId: CLIENT_ID } });
    await insert({ kind: 'Session', id: SESSION_COOKIE, payload: { jti: SESSION_COOKIE, kind: 'Session', uid: 'u1', accountId: '2' } });
    await insert({
      kind: 'Interaction',
      id: INTERACTION,
      payload: { jti: INTERACTION, kind: 'Interaction', session: { accountId: '2', uid: 'u1', cookie: SESSION_COOKIE } },
    });
    await insert({ kind: 'Secrets', id: 'current', payload: { csrfKey: 'k' } });
    await insert({ kind: 'WebSession', id: WEB_SESSION_BEFORE, payload: { userId: 2 } });

    await ds.runMigrations({ transaction: 'all' });
    expect(await rows()).toEqual([
      { kind: 'Client', id: CLIENT_ID, payload: { client_id: CLIENT_ID, redirect_uris: ['http://127.0.0.1:9/cb'] } },
      { kind: 'Interaction', id: hashSecret(INTERACTION), payload: { kind: 'Interaction', session: { accountId: '2', uid: 'u1' } } },
      { kind: 'RefreshToken', id: hashSecret(REFRESH_TOKEN), payload: { kind: 'RefreshToken', grantId: 'g1', clientId: CLIENT_ID } },
      { kind: 'Secrets', id: 'current', payload: { csrfKey: 'k' } },
      { kind: 'Session', id: hashSecret(SESSION_COOKIE), payload: { kind: 'Session', uid: 'u1', accountId: '2' } },
      { kind: 'WebSession', id: hashSecret(WEB_SESSION_COOKIE), payload: { userId: 2 } },
    ]);
    const grantRows = (await ds.query("SELECT grant_id FROM oauth_records WHERE kind = 'RefreshToken'")) as Array<{ grant_id: string }>;
    expect(grantRows).toEqual([{ grant_id: 'g1' }]);

    await undoDownTo(ds, MIGRATION);
    expect((await rows()).map((r) => `${r.kind} ${r.id}`)).toEqual(['Client ' + CLIENT_ID, 'Secrets current', 'WebSession ' + WEB_SESSION_BEFORE]);
    await ds.runMigrations({ transaction: 'all' });
    expect((await rows()).map((r) => r.kind)).toEqual(['Client', 'Secrets', 'WebSession']);
  }, 60_000);
});

/**
 * The migration keeps its own copy of the rule it applied; today it is the live rule, so a change of
 * oauth-record-ids.ts or hashSecret that makes them differ fails here and is made deliberately (with
 * a migration of its own for the rows already stored).
 */
describe('OAuth record hashes migration: its frozen rule', () => {
  const payload = { jti: INTERACTION, kind: 'Interaction', session: { accountId: '2', uid: 'u1', cookie: SESSION_COOKIE }, grantId: 'g1' };

  it.each(['Client', 'RefreshToken', 'AccessToken', 'Session', 'Interaction', 'Grant', 'PushedAuthorizationRequest'])(
    'stores a %s record as the live rule does',
    (kind) => {
      expect(storedIdThen(kind, REFRESH_TOKEN)).toBe(storedIdOf(kind, REFRESH_TOKEN));
      expect(storedPayloadThen(kind, payload)).toEqual(storedPayloadOf(kind, payload));
    },
  );
});
