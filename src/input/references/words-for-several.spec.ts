import { jest } from '@jest/globals';
import type { Issue } from '../../envelope/issue.js';
import { type FilterResolution, withWordsForSeveral } from './words-for-several.js';

const notFound = (input: string): FilterResolution => ({
  ok: false,
  issue: {
    field: 'projectstates_id',
    code: 'REFERENCE_NOT_FOUND',
    received: input,
    message: `name '${input}' not found in project states. Available: Closed, New.`,
  },
});

describe('withWordsForSeveral', () => {
  const states = { ids: [1, 2], names: ['New', 'Processing'] };

  it('leaves a record found by its name, and any other refusal, as they are, without a lookup', async () => {
    const lookup = jest.fn(async (): Promise<typeof states | undefined> => states);
    const found: FilterResolution = { ok: true, id: 3, name: 'Closed' };
    expect(await withWordsForSeveral(found, 'projectState', 'closed', lookup)).toBe(found);
    const ambiguous: FilterResolution = { ok: false, issue: { field: 'projectstates_id', code: 'REFERENCE_AMBIGUOUS', message: 'two' } as Issue };
    expect(await withWordsForSeveral(ambiguous, 'projectState', 'open', lookup)).toBe(ambiguous);
    expect(await withWordsForSeveral(notFound('open'), 'group', 'open', lookup)).toEqual(notFound('open'));
    expect(lookup).not.toHaveBeenCalled();
  });

  it('takes a word for several for the records it stands for, in any case and accents', async () => {
    expect(await withWordsForSeveral(notFound('Em Aberto'), 'projectState', 'Em Aberto', async () => states)).toEqual({ ok: true, ...states });
  });

  it('refuses a word that stands for no record the caller may name, saying so', async () => {
    const answer = await withWordsForSeveral(notFound('concluídos'), 'projectState', 'concluídos', async () => ({ ids: [], names: [] }));
    expect(answer).toMatchObject({
      ok: false,
      issue: { code: 'REFERENCE_NOT_FOUND', message: expect.stringContaining("'concluídos' stands for every finished state, and none") },
    });
  });

  it('adds the words the filter takes to the refusal of a name that is neither', async () => {
    const answer = await withWordsForSeveral(notFound('Paused'), 'projectState', 'Paused', async () => undefined);
    expect(answer).toMatchObject({
      ok: false,
      issue: {
        message:
          "name 'Paused' not found in project states. Available: Closed, New. This filter also takes 'open' (every state not finished) or 'finished' (every finished state).",
      },
    });
  });
});
