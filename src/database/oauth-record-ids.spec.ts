import { foundPayloadOf, storedIdOf, storedPayloadOf } from './oauth-record-ids.js';
import { hashSecret } from './secret-hash.js';

describe('how the provider’s records are kept', () => {
  it('keeps every record but a client under its id’s hash, the one API tokens use', () => {
    for (const kind of ['RefreshToken', 'AccessToken', 'AuthorizationCode', 'RegistrationAccessToken', 'Session', 'Interaction', 'Grant']) {
      expect(storedIdOf(kind, 'value-a-client-holds')).toBe(hashSecret('value-a-client-holds'));
    }
    expect(storedIdOf('Client', 'client-1')).toBe('client-1');
  });

  it('stores no jti nor an interaction’s session cookie, and gives the jti back to whoever asks by it', () => {
    const refresh = { jti: 'rt-1', kind: 'RefreshToken', grantId: 'g1' };
    expect(storedPayloadOf('RefreshToken', refresh)).toEqual({ kind: 'RefreshToken', grantId: 'g1' });
    expect(foundPayloadOf('RefreshToken', 'rt-1', storedPayloadOf('RefreshToken', refresh))).toEqual(refresh);
    const interaction = { jti: 'i-1', kind: 'Interaction', session: { accountId: '2', uid: 'u1', cookie: 'session-cookie' } };
    expect(storedPayloadOf('Interaction', interaction)).toEqual({ kind: 'Interaction', session: { accountId: '2', uid: 'u1' } });
    const client = { client_id: 'client-1', redirect_uris: ['https://app.example/cb'] };
    expect(storedPayloadOf('Client', client)).toBe(client);
    expect(foundPayloadOf('Client', 'client-1', client)).toBe(client);
  });
});
