import fc from 'fast-check';
import {
  ALL_STATUSES,
  IMPACT,
  NOT_CLOSED,
  PRIORITY,
  SOLVED_OR_CLOSED,
  TICKET_STATUS,
  TICKET_STATUS_GROUPS,
  TICKET_TYPE,
  URGENCY,
} from './glpi-vocabularies.js';
import { priorityFrom } from './priority-matrix.js';
import { groupNamed, type Vocabulary } from './vocabulary.js';

const ALL = [URGENCY, IMPACT, PRIORITY, TICKET_TYPE, TICKET_STATUS];

function scramble(label: string, upper: boolean[]): string {
  return Array.from(label)
    .map((c, i) => (upper[i % upper.length] ? c.toUpperCase() : c.toLowerCase()))
    .join('');
}

describe('vocabularies', () => {
  it("read a level written with its own field's name, in either language and order", () => {
    expect(PRIORITY.parse('High priority')).toBe(4);
    expect(PRIORITY.parse('priority: very high')).toBe(5);
    expect(PRIORITY.parse('alta prioridade')).toBe(4);
    expect(PRIORITY.parse('Prioridade crítica')).toBe(6);
    expect(PRIORITY.parse('priority 2')).toBe(2);
    expect(URGENCY.parse('urgência alta')).toBe(4);
    expect(URGENCY.parse('low urgency')).toBe(2);
    expect(URGENCY.parse('baixíssima urgência')).toBe(1);
    expect(IMPACT.parse('impacto médio')).toBe(3);
    expect(IMPACT.parse('high-impact')).toBe(4);
    // The field's name alone, or with something that is no level, is still no value.
    expect(PRIORITY.parse('priority')).toBeUndefined();
    expect(PRIORITY.parse('priority one')).toBeUndefined();
    expect(PRIORITY.parse('priority 9')).toBeUndefined();
  });

  it("suggest the level of a value written with another scale's name, without reading it", () => {
    expect(URGENCY.parse('high priority')).toBeUndefined();
    expect(URGENCY.suggest('high priority')).toBe('High');
    expect(IMPACT.suggest('alta prioridade')).toBe('Alta');
    expect(PRIORITY.suggest('urgência muito alta')).toBe('Muito alta');
    expect(URGENCY.suggest('priority')).toBeUndefined();
  });

  it('warn that a P-level counts from the top, where a scale counts up from its lowest, and suggest no level for it', () => {
    for (const written of ['P1', 'p2', 'P 1', 'P-3']) {
      expect(PRIORITY.parse(written)).toBeUndefined();
      expect(PRIORITY.suggest(written)).toBeUndefined();
      expect(PRIORITY.caution(written)).toBe('Many desks number levels from the top (P1 the most urgent); priority here counts up: 1 is Very low and 6 Major.');
    }
    expect(URGENCY.caution('P1')).toBe('Many desks number levels from the top (P1 the most urgent); urgency here counts up: 1 is Very low and 5 Very high.');
    expect(PRIORITY.caution('High')).toBeUndefined();
    expect(PRIORITY.caution('P12')).toBeUndefined();
    expect(TICKET_STATUS.caution('P1')).toBeUndefined();
  });

  it("say what a status word of no one value means: reopening goes back to a status, and 'done' is Solved or Closed", () => {
    for (const written of ['reopen', 'Reopened', 'reabrir', 'reaberto']) {
      expect(TICKET_STATUS.parse(written)).toBeUndefined();
      expect(TICKET_STATUS.caution(written)).toBe(
        'To reopen a ticket, send the status it goes back to: 2 Processing (assigned) when someone is assigned to it, else 1 New.',
      );
    }
    for (const written of ['done', 'finished', 'completed', 'feito', 'terminado']) {
      expect(TICKET_STATUS.parse(written)).toBeUndefined();
      expect(TICKET_STATUS.suggest(written)).toBeUndefined();
      expect(TICKET_STATUS.caution(written)).toBe(
        "'Done' may be 5 Solved (answered; the requester may still refuse the solution) or 6 Closed (final): send the one you mean.",
      );
    }
    expect(TICKET_STATUS.caution('Solved')).toBeUndefined();
    expect(PRIORITY.caution('reopen')).toBeUndefined();
  });

  it('accept codes, numeric strings and both languages', () => {
    expect(URGENCY.parse(4)).toBe(4);
    expect(URGENCY.parse('4')).toBe(4);
    expect(URGENCY.parse('4.0')).toBe(4);
    expect(URGENCY.parse('4.5')).toBeUndefined();
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

  /** Every word of each vocabulary, in both languages, and the code it means. */
  const TABLES: Array<[Vocabulary, Record<string, number>]> = [
    [
      TICKET_STATUS,
      {
        New: 1,
        Novo: 1,
        nova: 1,
        open: 1,
        aberto: 1,
        incoming: 1,
        'Processing (assigned)': 2,
        'Em atendimento (atribuído)': 2,
        assigned: 2,
        'in progress': 2,
        'em andamento': 2,
        'em atendimento': 2,
        atribuido: 2,
        'em execução': 2,
        'Processing (planned)': 3,
        'Em atendimento (planejado)': 3,
        planned: 3,
        scheduled: 3,
        planejado: 3,
        agendado: 3,
        Pending: 4,
        Pendente: 4,
        'Em espera': 4,
        aguardando: 4,
        'on hold': 4,
        waiting: 4,
        'em pausa': 4,
        suspenso: 4,
        'aguardando retorno': 4,
        Solved: 5,
        Solucionado: 5,
        resolved: 5,
        resolvido: 5,
        concluído: 5,
        concluido: 5,
        fixed: 5,
        Closed: 6,
        Fechado: 6,
        encerrado: 6,
        finalizado: 6,
        archived: 6,
      },
    ],
    [
      URGENCY,
      {
        'Very low': 1,
        'Muito baixa': 1,
        'muito baixo': 1,
        'very-low': 1,
        lowest: 1,
        mínima: 1,
        Low: 2,
        Baixa: 2,
        baixo: 2,
        minor: 2,
        Medium: 3,
        Média: 3,
        media: 3,
        médio: 3,
        normal: 3,
        moderate: 3,
        High: 4,
        Alta: 4,
        alto: 4,
        importante: 4,
        'Very high': 5,
        'Muito alta': 5,
        urgente: 5,
        crítica: 5,
        critical: 5,
        urgent: 5,
        altíssima: 5,
      },
    ],
    [IMPACT, { 'Very low': 1, Baixa: 2, Média: 3, alto: 4, 'Muito alta': 5, critical: 5 }],
    [
      PRIORITY,
      {
        'Very low': 1,
        Low: 2,
        Média: 3,
        Alta: 4,
        'Very high': 5,
        'muito alta': 5,
        urgente: 5,
        Major: 6,
        Crítica: 6,
        critical: 6,
        critico: 6,
        maior: 6,
        blocker: 6,
        // The top of the scale, in either language: Major, above Very high.
        highest: 6,
        top: 6,
        máxima: 6,
      },
    ],
    [
      TICKET_TYPE,
      { Incident: 1, Incidente: 1, falha: 1, outage: 1, Request: 2, Requisição: 2, requisicao: 2, solicitação: 2, pedido: 2, 'service request': 2 },
    ],
  ];

  it.each(TABLES.map(([vocab, table]) => [vocab.name, vocab, table] as const))(
    '%s: every label and synonym of both languages means its code',
    (_name, vocab, table) => {
      const read = Object.fromEntries(Object.keys(table).map((word) => [word, vocab.parse(word)]));
      expect(read).toEqual(table);
    },
  );

  /** Misspellings of one whole label: suggested in the language they were written in. */
  const MISSPELT: Array<[Vocabulary, string, string]> = [
    [TICKET_STATUS, 'Pendnte', 'Pendente'],
    [TICKET_STATUS, 'Pendng', 'Pending'],
    [TICKET_STATUS, 'Solucionad', 'Solucionado'],
    [TICKET_STATUS, 'Procesing', 'Processing (assigned)'],
    [TICKET_STATUS, 'encerado', 'Fechado'],
    [URGENCY, 'Mediun', 'Medium'],
    [TICKET_TYPE, 'Incidnte', 'Incidente'],
    [PRIORITY, 'Critcal', 'Major'],
  ];

  it.each(MISSPELT.map(([vocab, typed, meant]) => [vocab.name, typed, meant, vocab] as const))('%s: "%s" suggests %s', (_name, typed, meant, vocab) => {
    expect(vocab.parse(typed)).toBeUndefined();
    expect(vocab.suggest(typed)).toBe(meant);
    expect(vocab.parse(vocab.suggest(typed))).toBe(vocab.parse(meant));
  });

  /** Near misses: words sharing part of a label, too short, or as close to two values. None is a suggestion. */
  const NEAR_MISSES: Array<[Vocabulary, string[]]> = [
    [
      TICKET_STATUS,
      [
        'Em',
        'espera',
        'atendimento',
        'Em atendimento (outro)',
        'Processing later',
        'em aberto agora',
        'done',
        'sol',
        'fechamento',
        'pendencia',
        'Novo status',
        'assigne planned',
      ],
    ],
    [URGENCY, ['muito', 'very', 'alt', 'baixissima urgencia alta', 'med', 'highish', 'muito media']],
    [PRIORITY, ['major-ish', 'critica alta', 'urgencia']],
    [TICKET_TYPE, ['problema', 'incident request', 'ticket', 'req']],
  ];

  it.each(NEAR_MISSES.map(([vocab, words]) => [vocab.name, vocab, words] as const))('%s: near misses are neither read nor suggested', (_name, vocab, words) => {
    const hints = Object.fromEntries(words.map((word) => [word, [vocab.parse(word), vocab.suggest(word)]]));
    expect(hints).toEqual(Object.fromEntries(words.map((word) => [word, [undefined, undefined]])));
  });

  it('take a word for several statuses where a filter offers it, each word for one group, of known codes', () => {
    const groups = TICKET_STATUS_GROUPS;
    expect(['open', 'Em Aberto', 'não-solucionados', 'UNSOLVED'].map((w) => groupNamed(groups, w)?.codes)).toEqual(Array(4).fill([1, 2, 3, 4]));
    expect(['em atendimento', 'In progress', 'Processing'].map((w) => groupNamed(groups, w)?.codes)).toEqual(Array(3).fill([2, 3]));
    expect(['done', 'Finished', 'solucionados ou fechados'].map((w) => groupNamed(groups, w)?.codes)).toEqual(Array(3).fill([5, 6]));
    expect(['not closed', 'Não fechados'].map((w) => groupNamed(groups, w)?.codes)).toEqual(Array(2).fill([1, 2, 3, 4, 5]));
    expect(['all', 'any', 'todos', 'qualquer'].map((w) => groupNamed(groups, w)?.codes)).toEqual(Array(4).fill([1, 2, 3, 4, 5, 6]));
    // The words of GLPI's other groups are no status's: where a status is set, each is refused.
    const others = [SOLVED_OR_CLOSED, NOT_CLOSED, ALL_STATUSES].flatMap((g) => [...g.words.en, ...g.words.pt]);
    expect(others.filter((w) => TICKET_STATUS.parse(w) !== undefined)).toEqual([]);
    // A status's own label is one status, and no group takes it.
    expect(['New', 'Pendente', 'Processing (assigned)', 'Em atendimento (planejado)', 7, null].map((w) => groupNamed(groups, w))).toEqual(
      Array(6).fill(undefined),
    );
    const words = groups.flatMap((g) => [g.en, g.pt, ...g.words.en, ...g.words.pt].map((w) => [w, g.en] as const));
    expect(groups.map((g) => groupNamed(groups, g.en))).toEqual(groups);
    expect(words.filter(([w, owner]) => groupNamed(groups, w)?.en !== owner)).toEqual([]);
    expect(groups.flatMap((g) => g.codes).filter((code) => TICKET_STATUS.label(code) === undefined)).toEqual([]);
  });

  it("never read a value written with a sign or word for 'not' as the value itself: a filter takes every other value", () => {
    for (const word of ['!closed', '!= Closed', '<> closed', '≠ closed', '¬closed', '-closed', 'not closed', 'Não fechado']) {
      expect([word, TICKET_STATUS.parse(word)]).toEqual([word, undefined]);
      expect([word, groupNamed(TICKET_STATUS_GROUPS, word)?.codes]).toEqual([word, [1, 2, 3, 4, 5]]);
    }
    for (const word of ['!new', 'not New', 'except new', 'exceto novo', 'todos menos novo', 'não novo', '- novo']) {
      expect([word, TICKET_STATUS.parse(word), TICKET_STATUS.valuesNamed(word)]).toEqual([word, undefined, [2, 3, 4, 5, 6]]);
    }
    expect(URGENCY.parse('!high')).toBeUndefined();
    expect(URGENCY.valuesNamed('not alta')).toEqual([1, 2, 3, 5]);
    // A word that starts so and is a value's own stays that value; a 'not' before no value is nothing.
    expect(TICKET_STATUS.parse('not started')).toBe(1);
    expect(TICKET_STATUS.valuesNamed('not started')).toBeUndefined();
    expect(TICKET_STATUS.valuesNamed('not sure')).toBeUndefined();
    expect(TICKET_STATUS.valuesNamed('New')).toBeUndefined();
  });

  it('read a level with those above or below it, or the levels between two, where a scale is filtered; never as one level', () => {
    const cases: Array<[string, number[]]> = [
      ['>= high', [4, 5, 6]],
      ['≥ 4', [4, 5, 6]],
      ['=> High', [4, 5, 6]],
      ['high+', [4, 5, 6]],
      ['at least high', [4, 5, 6]],
      ['High or above', [4, 5, 6]],
      ['alta ou mais', [4, 5, 6]],
      ['pelo menos alta', [4, 5, 6]],
      ['a partir de alta', [4, 5, 6]],
      ['> high', [5, 6]],
      ['above high', [5, 6]],
      ['acima de alta', [5, 6]],
      ['maior que alta', [5, 6]],
      ['<= medium', [1, 2, 3]],
      ['at most 3', [1, 2, 3]],
      ['até média', [1, 2, 3]],
      ['< 3', [1, 2]],
      ['below medium', [1, 2]],
      ['abaixo de média', [1, 2]],
      ['menos que média', [1, 2]],
      ['3-5', [3, 4, 5]],
      ['3..5', [3, 4, 5]],
      ['5 - 3', [3, 4, 5]],
      ['medium to very high', [3, 4, 5]],
      ['between low and high', [2, 3, 4]],
      ['entre baixa e alta', [2, 3, 4]],
      ['de muito baixa a média', [1, 2, 3]],
      ['at least high priority', [4, 5, 6]],
    ];
    for (const [word, codes] of cases) expect([word, PRIORITY.parse(word), PRIORITY.valuesNamed(word)]).toEqual([word, undefined, codes]);
    expect(URGENCY.valuesNamed('>= high')).toEqual([4, 5]);
    // After "not", a bound or a range is every level outside it; one that leaves none is no phrase.
    const leftOut: Array<[string, number[]]> = [
      ['not high or above', [1, 2, 3]],
      ['not >= high', [1, 2, 3]],
      ['not above medium', [1, 2, 3]],
      ['not 2-4', [1, 5, 6]],
      ['not between low and high', [1, 5, 6]],
      ['não alta ou mais', [1, 2, 3]],
      ['exceto abaixo de média', [3, 4, 5, 6]],
    ];
    for (const [word, codes] of leftOut) expect([word, PRIORITY.valuesNamed(word)]).toEqual([word, codes]);
    expect(PRIORITY.valuesNamed('not 1-6')).toBeUndefined();
    // Statuses have no order: a bound of one is no status, and no statuses either.
    expect([TICKET_STATUS.parse('>= pending'), TICKET_STATUS.valuesNamed('>= pending'), TICKET_STATUS.valuesNamed('new-pending')]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    // An equality sign and a level's own words stay that level; a bound past the scale's end names none.
    expect([PRIORITY.parse('= high'), PRIORITY.parse('== high'), PRIORITY.parse('very-low'), PRIORITY.parse('Very low')]).toEqual([4, 4, 1, 1]);
    expect(['very-low', 'above major', 'below very low', 'up', '3-9'].map((w) => PRIORITY.valuesNamed(w))).toEqual(Array(5).fill(undefined));
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
          fc.property(
            fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
            fc.constantFrom(entry.en, entry.pt, ...(entry.synonyms?.en ?? []), ...(entry.synonyms?.pt ?? [])),
            (upper, label) => {
              return vocab.parse(scramble(label, upper)) === entry.code && vocab.parse(`  ${label} `) === entry.code;
            },
          ),
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
