import { clientNameOf, clientOf, clientSessionOf, modernClientOf, UNKNOWN_CLIENT } from './client-session.js';
import { META_CLIENT_INFO } from './mcp-revisions.js';

describe('the client session id', () => {
  it('carries what the client declared at initialize, in visible ASCII', () => {
    const id = clientSessionOf({ clientInfo: { name: 'Desk Assistant' }, capabilities: { elicitation: { url: {} } } });
    expect(id).toMatch(/^[\x21-\x7e]+$/);
    expect(clientOf(id)).toEqual({ name: 'Desk Assistant', urlElicitation: true });
    expect(clientOf(clientSessionOf({ clientInfo: { name: 'x' }, capabilities: { elicitation: {} } }))).toEqual({ name: 'x', urlElicitation: false });
  });

  it('reads anything else as an unknown client', () => {
    for (const id of [undefined, '', 'c1.', 'c1.!!!', 'abc', `c1.${'A'.repeat(300)}`]) expect(clientOf(id)).toEqual(UNKNOWN_CLIENT);
  });

  it('makes a name that would reorder or break the page visible, wherever the client says it', () => {
    const name = 'intentdesk \u202eOFFICIAL<b>x</b>\u0007\n<script>';
    const shown = 'intentdesk \uFFFDOFFICIAL<b>x</b>\uFFFD\uFFFD<script>';
    expect(clientOf(clientSessionOf({ clientInfo: { name } })).name).toBe(shown);
    expect(modernClientOf({ [META_CLIENT_INFO]: { name } }).name).toBe(shown);
    // A session id made by hand, not by this server, is read by the same rule.
    const forged = `c1.${Buffer.from(JSON.stringify({ n: name, u: 0 })).toString('base64url')}`;
    expect(clientOf(forged).name).toBe(shown);
    expect(clientNameOf('x'.repeat(500))).toHaveLength(64);
    expect([clientNameOf(''), clientNameOf(42), clientNameOf(undefined)]).toEqual([null, null, null]);
  });
});
