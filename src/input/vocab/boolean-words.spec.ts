import { ACTIVE_WORDS, booleanOfWord, PRIVATE_WORDS } from './boolean-words.js';

describe('boolean words', () => {
  it('read the yes/no words of both languages on any flag, in any case and with or without accents', () => {
    expect(['true', 'Yes', 'SIM', 'verdadeiro'].map((w) => booleanOfWord(w))).toEqual([true, true, true, true]);
    expect(['false', 'no', 'Não', 'nao', 'falso'].map((w) => booleanOfWord(w))).toEqual([false, false, false, false, false]);
    expect(['y', 'talvez', 'inactive', 'private'].map((w) => booleanOfWord(w))).toEqual([undefined, undefined, undefined, undefined]);
  });

  it("read a flag's own words for its two states only where the flag takes them", () => {
    expect(['active', 'Ativo', 'ativa', 'enabled'].map((w) => booleanOfWord(w, ACTIVE_WORDS))).toEqual([true, true, true, true]);
    expect(['inactive', 'Inativo', 'disabled', 'desativado', 'deactivated'].map((w) => booleanOfWord(w, ACTIVE_WORDS))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(['private', 'Privado', 'internal', 'interno'].map((w) => booleanOfWord(w, PRIVATE_WORDS))).toEqual([true, true, true, true]);
    expect(['public', 'Público', 'publica'].map((w) => booleanOfWord(w, PRIVATE_WORDS))).toEqual([false, false, false]);
    // One flag's words are not another's, and the words of both states never overlap.
    expect([booleanOfWord('private', ACTIVE_WORDS), booleanOfWord('active', PRIVATE_WORDS)]).toEqual([undefined, undefined]);
    for (const words of [ACTIVE_WORDS, PRIVATE_WORDS]) expect(words.yes.filter((w) => words.no.includes(w))).toEqual([]);
  });

  it("read a flag's own word after a word or sign for not as its other state", () => {
    expect(['not active', 'NOT enabled', 'não ativo', '!active', 'not inactive', 'não desativado'].map((w) => booleanOfWord(w, ACTIVE_WORDS))).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
    ]);
    expect(['not private', 'não interno', 'not public'].map((w) => booleanOfWord(w, PRIVATE_WORDS))).toEqual([false, false, true]);
    // Only a flag's own words: "not yes" says nothing a flag's state would.
    expect([booleanOfWord('not yes', ACTIVE_WORDS), booleanOfWord('not true'), booleanOfWord('not active')]).toEqual([undefined, undefined, undefined]);
  });
});
