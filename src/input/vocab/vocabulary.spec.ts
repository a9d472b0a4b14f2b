import fc from 'fast-check';
import { IMPACT, PRIORITY, TICKET_STATUS, TICKET_TYPE, URGENCY } from './glpi-vocabularies.js';
import { priorityFrom } from './priority-matrix.js';

const ALL = [URGENCY, IMPACT, PRIORITY, TICKET_TYPE, TICKET_STATUS];

function scramble(label: string, upper: boolean[]): string {
  return Array.from(label)
    .map((c, i) => (upper[i % upper.length] ? c.toUpperCase() : c.toLowerCase()))
    .join('');
}

describe('vocabularies', () => {
  it('accept codes, numeric strings and both languages', () => {
    expect(URGENCY.parse(4)).toBe(4);
    expect(URGENCY.parse('4')).toBe(4);
    expect(URGENCY.parse('High')).toBe(4);
    expect(URGENCY.parse('alta')).toBe(4);
    expect(URGENCY.parse('MÉDIA')).toBe(3);
    expect(URGENCY.parse('media')).toBe(3);
    expect(PRIORITY.parse('Crítica')).toBe(6);
    expect(TICKET_TYPE.parse('Requisição')).toBe(2);
    expect(TICKET_TYPE.parse('requisicao')).toBe(2);
    expect(TICKET_STATUS.parse('Em atendimento (planejado)')).toBe(3);
    expect(TICKET_STATUS.parse('solucionado')).toBe(5);
  });

  it('refuse codes and labels outside the vocabulary', () => {
    expect(URGENCY.parse(6)).toBeUndefined();
    expect(URGENCY.parse('Major')).toBeUndefined();
    expect(TICKET_STATUS.parse('7')).toBeUndefined();
    expect(TICKET_TYPE.parse(null)).toBeUndefined();
  });

  it('every label parses back to its code in any letter case (property)', () => {
    for (const vocab of ALL) {
      for (const entry of vocab.entries) {
        fc.assert(
          fc.property(fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }), fc.constantFrom(entry.en, entry.pt, ...(entry.aliases ?? [])), (upper, label) => {
            return vocab.parse(scramble(label, upper)) === entry.code && vocab.parse(`  ${label} `) === entry.code;
          }),
        );
      }
    }
  });

  it('parse never throws and only returns known codes (property)', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const code = TICKET_STATUS.parse(value);
        return code === undefined || TICKET_STATUS.codes.includes(code);
      }),
    );
  });

  it("derives priority with GLPI's default matrix", () => {
    expect(priorityFrom(3, 3)).toBe(3);
    expect(priorityFrom(5, 5)).toBe(5);
    expect(priorityFrom(1, 1)).toBe(1);
    expect(priorityFrom(4, 3)).toBe(4);
    expect(() => priorityFrom(6, 1)).toThrow(RangeError);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 5 }), (u, i) => {
        const p = priorityFrom(u, i);
        return p >= 1 && p <= 5 && (u === 5 || priorityFrom(u + 1, i) >= p) && (i === 5 || priorityFrom(u, i + 1) >= p);
      }),
    );
  });
});
