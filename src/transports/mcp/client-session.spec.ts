import { clientOf, clientSessionOf, UNKNOWN_CLIENT } from './client-session.js';

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
});
