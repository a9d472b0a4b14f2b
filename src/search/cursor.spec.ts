import { createHash } from 'node:crypto';
import { decodeCursor, encodeCursor, queryHash } from './cursor.js';

describe('search cursors', () => {
  it('signs a search as SHA-256 of its JSON, base64url, 12 characters (cursors already handed out stay valid)', () => {
    for (const parts of [
      { applied: { query: 'impressão', status: 2 }, sort: '-date_mod' },
      { applied: {}, sort: 'id' },
      { applied: { query: '😀 "x"' }, sort: 'name' },
    ]) {
      expect(queryHash(parts)).toBe(createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 12));
    }
    expect(queryHash({ applied: { status: 1 }, sort: 'id' })).toBe('QpOGsE7sRrPS');
  });

  it('decodes what it encodes', () => {
    const state = { sort: '-date', value: '2026-01-02T03:04:05.000Z', id: 7, query: queryHash({ applied: {}, sort: '-date' }) };
    expect(decodeCursor(encodeCursor(state))).toEqual(state);
  });
});
