import { idWrittenIn } from './id-in-words.js';

describe('an id written after the noun of its kind', () => {
  it.each([
    ['ticket', 'ticket 5', 5],
    ['ticket', 'Ticket #5', 5],
    ['ticket', 'chamado nº 12', 12],
    ['ticket', 'Chamado n. 12', 12],
    ['ticket', 'incidente 7', 7],
    ['project', 'Projeto 3', 3],
    ['user', 'usuário #4', 4],
    ['group', 'group 2', 2],
  ] as const)('%s: %p is id %p', (kind, text, id) => {
    expect(idWrittenIn(kind, text)).toBe(id);
  });

  it.each([
    ['ticket', 'project 5'],
    ['ticket', 'ticket five'],
    ['ticket', 'ticket 0'],
    ['ticket', 'impressora 2'],
    ['location', 'Andar 2'],
    ['ticket', 'ticket 5 e 6'],
  ] as const)('%s: %p is none', (kind, text) => {
    expect(idWrittenIn(kind, text)).toBeUndefined();
  });
});
