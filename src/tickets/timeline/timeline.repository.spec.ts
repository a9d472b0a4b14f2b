import type { DataSource } from 'typeorm';
import { TimelineRepository } from './timeline.repository.js';

/** The statements a repository sends, seen through a data source that is not SQLite (readRows then calls `query`). */
function recording(): { source: DataSource; sent: Array<{ sql: string; params: unknown[] }> } {
  const sent: Array<{ sql: string; params: unknown[] }> = [];
  const source = {
    options: { type: 'mysql' },
    query: (sql: string, params: unknown[]) => {
      sent.push({ sql, params });
      return Promise.resolve([]);
    },
  } as unknown as DataSource;
  return { source, sent };
}

describe('TimelineRepository.page statement', () => {
  // A bound LIMIT is read by SQLite's planner: rebinding it expires the prepared statement, and every
  // call compiled the whole union again. The page size is written into the text instead.
  it('writes the page size into the text and binds only the ticket (and cursor, owner) values', async () => {
    const { source, sent } = recording();
    await new TimelineRepository(source).page(7, { scope: undefined, ownerId: null }, undefined, 20);
    expect(sent).toHaveLength(1);
    expect(sent[0].sql).not.toMatch(/LIMIT \?/);
    expect(sent[0].sql.match(/LIMIT 21\)/g)).toHaveLength(4);
    expect(sent[0].params).toEqual([7, 7, 7, 7]);
  });

  it('keeps one text per page size', async () => {
    const { source, sent } = recording();
    const repository = new TimelineRepository(source);
    await repository.page(7, { scope: undefined, ownerId: null }, undefined, 5);
    await repository.page(8, { scope: undefined, ownerId: null }, undefined, 5);
    expect(sent[0].sql).toBe(sent[1].sql);
    expect(sent[0].sql).toMatch(/LIMIT 6\)/);
  });

  it('refuses a page size that is not a positive integer, before any statement is sent', () => {
    const { source, sent } = recording();
    // Thrown, not a rejected promise: the page answers at once where it can (maybe.ts).
    expect(() => new TimelineRepository(source).page(7, { scope: undefined, ownerId: null }, undefined, 1.5)).toThrow(/positive integer/);
    expect(sent).toHaveLength(0);
  });
});
