import { jest } from '@jest/globals';
import type { ActorLookup } from './actor-list.js';
import type { NameScope } from './reference-scope.js';
import { sharedLookup } from './shared-lookup.js';

const SCOPE = { userId: 1 } as NameScope;
const OTHER_SCOPE = { userId: 1 } as NameScope;

/** 'tech' is user 2; anything else is not found, with an issue naming the field asked. */
function fakeLookup() {
  const resolve = jest.fn<ActorLookup['resolve']>(async (_kind, field, input) =>
    input === 'tech' || input === 2
      ? { ok: true, id: 2, name: 'tech' }
      : { ok: false, issue: { field, code: 'REFERENCE_NOT_FOUND', message: `${field}: not found` } },
  );
  return { resolve };
}

describe('sharedLookup', () => {
  it('asks once for the same kind and input named in two fields', async () => {
    const inner = fakeLookup();
    const shared = sharedLookup(inner);
    const [a, b] = await Promise.all([shared.resolve('user', 'requester_id', 'tech', SCOPE), shared.resolve('user', 'assignee_id', 'tech', SCOPE)]);
    expect(a).toEqual({ ok: true, id: 2, name: 'tech' });
    expect(b).toEqual(a);
    expect(inner.resolve).toHaveBeenCalledTimes(1);
  });

  it('asks again for another kind, another input type, or another scope', async () => {
    const inner = fakeLookup();
    const shared = sharedLookup(inner);
    await shared.resolve('user', 'a', 'tech', SCOPE);
    await shared.resolve('group', 'b', 'tech', SCOPE);
    await shared.resolve('user', 'c', 2, SCOPE);
    await shared.resolve('user', 'd', '2', SCOPE);
    await shared.resolve('user', 'e', 'tech', OTHER_SCOPE);
    expect(inner.resolve).toHaveBeenCalledTimes(5);
  });

  it('gives each failing field its own issue', async () => {
    const inner = fakeLookup();
    const shared = sharedLookup(inner);
    const [a, b] = await Promise.all([shared.resolve('user', 'requester_id', 'nobody', SCOPE), shared.resolve('user', 'assignee_id', 'nobody', SCOPE)]);
    expect(a).toMatchObject({ ok: false, issue: { field: 'requester_id' } });
    expect(b).toMatchObject({ ok: false, issue: { field: 'assignee_id' } });
  });

  it('does not share values that are not names or ids', async () => {
    const inner = fakeLookup();
    const shared = sharedLookup(inner);
    const value = { id: 2 };
    await shared.resolve('user', 'a', value, SCOPE);
    await shared.resolve('user', 'b', value, SCOPE);
    expect(inner.resolve).toHaveBeenCalledTimes(2);
  });
});
