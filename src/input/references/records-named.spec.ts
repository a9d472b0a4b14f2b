import { keptAndLeftOut, type ListedName, recordsNamed } from './records-named.js';

const RECORDS: Readonly<Record<string, number>> = { tech: 2, glpi: 1, maria: 5 };
const OPEN = { ok: true as const, ids: [1, 2], names: ['New', 'Processing'] };

async function resolve(name: unknown): Promise<ListedName> {
  if (name === 'open') return OPEN;
  const id = RECORDS[String(name)];
  if (id !== undefined) return { ok: true, id, name: String(name) };
  return {
    ok: false,
    issue: { field: 'assignee_id', code: 'REFERENCE_NOT_FOUND', received: name, message: 'not found', ...(name === 'glpii' ? { did_you_mean: 'glpi' } : {}) },
  };
}

describe('keptAndLeftOut', () => {
  it('reads names before and after "not" in one list as those taken and those left out', async () => {
    expect(await keptAndLeftOut(['tech', 'maria', 'not glpi'], 'sent', resolve)).toEqual({
      ok: true,
      ids: [2, 5],
      names: ['tech', 'maria'],
      except: { ids: [1], names: ['glpi'] },
    });
    // A word for several stands for its records on either side, each record once.
    expect(await keptAndLeftOut(['open', 'tech', '!glpi'], 'sent', resolve)).toEqual({
      ok: true,
      ids: [1, 2],
      names: ['New', 'Processing'],
      except: { ids: [1], names: ['glpi'] },
    });
  });

  it('leaves lists without a name after "not", or that start with one, to the other readings', async () => {
    expect(await keptAndLeftOut(['tech', 'maria'], 'sent', resolve)).toBeUndefined();
    expect(await keptAndLeftOut(['not tech', 'maria'], 'sent', resolve)).toBeUndefined();
    expect(await keptAndLeftOut(['!tech', '!maria'], 'sent', resolve)).toBeUndefined();
  });

  it('names a name not found with its hint, after "not" when the name was', async () => {
    const refused = await keptAndLeftOut(['tech', 'not glpii'], 'tech, not glpii', resolve);
    expect(refused).toEqual({
      ok: false,
      issue: expect.objectContaining({
        received: 'tech, not glpii',
        message:
          "assignee_id takes any of the 2 named in 'tech, not glpii', leaving out those after 'not', and 'not glpii' is not found (did you mean 'not glpi'?).",
      }),
    });
    expect(refused).not.toHaveProperty('issue.did_you_mean');
  });
});

describe('recordsNamed', () => {
  it('takes any of the records named, or leaves out each', async () => {
    expect(await recordsNamed(['tech', 'open'], 'sent', resolve, 'any')).toEqual({ ok: true, ids: [2, 1], names: ['tech', 'New'] });
    expect(await recordsNamed(['tech', 'glpi'], 'sent', resolve, 'none')).toEqual({ ok: true, ids: [2, 1], names: ['tech', 'glpi'], not: true });
  });
});
