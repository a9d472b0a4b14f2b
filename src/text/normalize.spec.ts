import fc from 'fast-check';
import { afterNot, KEY_LENGTH, keyOfLength, matchKey } from './normalize.js';

const characters = (text: string): number => Array.from(text).length;

describe('matchKey', () => {
  it('folds case, Latin accents and white space as it always has', () => {
    expect(matchKey('  Ação   Múltipla\tEspaços ')).toBe('acao multipla espacos');
    expect(matchKey('Conceic\u0327a\u0303o')).toBe('conceicao');
    expect(matchKey('ĐÔNG Nguyễn Việt')).toBe('đong nguyen viet');
    expect(matchKey('\u0130zmir Straße \ufb01n')).toBe('izmir straße \ufb01n');
    expect(matchKey('Scanner da recepção travado')).toBe('scanner da recepcao travado');
  });

  it('keeps a Hangul syllable or a voiced kana one character, as it was given', () => {
    expect(matchKey('한국어 이름')).toBe('한국어 이름');
    expect(matchKey('\u1112\u1161\u11ab')).toBe('한');
    expect(matchKey('がギ')).toBe('がギ');
    const name = '한'.repeat(255);
    expect(matchKey(name)).toBe(name);
  });

  it('never makes a key longer than a character from one character as names are taken (NFC), in any script', () => {
    const longer: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const c = String.fromCodePoint(cp);
      if (c.normalize('NFC') === c && characters(matchKey(c)) > 1) longer.push(cp.toString(16));
    }
    expect(longer).toEqual([]);
  });

  it('never makes a key longer in characters than the text as names are taken (NFC)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
        const name = text.normalize('NFC');
        return characters(matchKey(name)) <= characters(name);
      }),
    );
  });
});

describe('keyOfLength', () => {
  it('keeps a key that fits its column and cuts a longer one at 255 characters, not UTF-16 units', () => {
    expect(keyOfLength('a'.repeat(KEY_LENGTH))).toBe('a'.repeat(KEY_LENGTH));
    expect(keyOfLength('🙂'.repeat(KEY_LENGTH))).toBe('🙂'.repeat(KEY_LENGTH));
    expect(keyOfLength('🙂'.repeat(KEY_LENGTH + 1))).toBe('🙂'.repeat(KEY_LENGTH));
    expect(matchKey('ana '.repeat(100))).toBe('ana '.repeat(64).slice(0, KEY_LENGTH));
  });
});

describe('afterNot', () => {
  it('is what follows a word or sign for "not", as written', () => {
    expect(afterNot('not me')).toBe('me');
    expect(afterNot('NOT Maria Silva')).toBe('Maria Silva');
    expect(afterNot('!maria.silva')).toBe('maria.silva');
    expect(afterNot('!= closed')).toBe('closed');
    expect(afterNot('≠ Service Desk')).toBe('Service Desk');
    expect(afterNot('exceto João Souza')).toBe('João Souza');
    expect(afterNot('não tech')).toBe('tech');
    expect(afterNot('todos menos novo')).toBe('novo');
    expect(afterNot('all but pending')).toBe('pending');
  });

  it('is undefined without one, or with nothing after it', () => {
    expect(afterNot('me')).toBeUndefined();
    expect(afterNot('Nothing Else')).toBeUndefined();
    expect(afterNot('not')).toBeUndefined();
    expect(afterNot('not ')).toBeUndefined();
    expect(afterNot('notebook')).toBeUndefined();
    expect(afterNot('-')).toBeUndefined();
  });
});
