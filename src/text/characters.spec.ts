import fc from 'fast-check';
import {
  bidiControl,
  characterCount,
  controlCharacter,
  hasLoneSurrogate,
  hiddenCharacter,
  isAscii,
  isBlankText,
  SHOWN_INSTEAD,
  utf8BytesAtMost,
  visiblyMarked,
} from './characters.js';

describe('characters a text may hold', () => {
  it('finds halves of surrogate pairs, and only those', () => {
    expect(hasLoneSurrogate('Ana\ud800')).toBe(true);
    expect(hasLoneSurrogate('\udc00x')).toBe(true);
    expect(hasLoneSurrogate('emoji 🙂 𝔄')).toBe(false);
    expect(hasLoneSurrogate('ação')).toBe(false);
  });

  it('names the first invisible or control character of a name', () => {
    const hidden: Array<[string, string]> = [
      ['ma\u200bria', 'U+200B'], // zero-width space
      ['ma\u200dria', 'U+200D'], // zero-width joiner
      ['a\u202eb', 'U+202E'], // right-to-left override
      ['a\u2066b', 'U+2066'], // left-to-right isolate
      ['a\u00adb', 'U+00AD'], // soft hyphen
      ['a\u0007b', 'U+0007'], // bell
      ['a\nb', 'U+000A'],
      ['a\tb', 'U+0009'],
      ['a\u00a0b', 'U+00A0'], // no-break space
      ['a\u2028b', 'U+2028'], // line separator
      ['\u3164', 'U+3164'], // Hangul filler
      ['a\u2800b', 'U+2800'], // braille pattern blank: a symbol that shows nothing
      ['a\ufe0fb', 'U+FE0F'], // variation selector
      ['\ue000', 'U+E000'], // private use
    ];
    for (const [text, code] of hidden) expect([text, hiddenCharacter(text)]).toEqual([text, code]);
  });

  it('lets visible text through, accents, other scripts and plain spaces included', () => {
    for (const text of ['maria.silva', 'José Conceição', 'Ελένη', 'Мария', '王小明', "O'Brien-Smith", 'ana+tag@example.com', 'ḱ', 'emoji 🙂']) {
      expect([text, hiddenCharacter(text)]).toEqual([text, undefined]);
    }
  });

  it('names the first bidi embedding, override or isolate control of any text, and lets the marks through', () => {
    const controls: Array<[string, string]> = [
      ['a\u202ab', 'U+202A'], // left-to-right embedding
      ['a\u202bb', 'U+202B'], // right-to-left embedding
      ['a\u202cb', 'U+202C'], // pop directional formatting
      ['a\u202db', 'U+202D'], // left-to-right override
      ['Fatura \u202egnp.exe', 'U+202E'], // right-to-left override
      ['a\u2066b', 'U+2066'], // left-to-right isolate
      ['a\u2067b', 'U+2067'], // right-to-left isolate
      ['a\u2068b', 'U+2068'], // first strong isolate
      ['a\u2069b', 'U+2069'], // pop directional isolate
    ];
    for (const [text, code] of controls) expect([text, bidiControl(text)]).toEqual([text, code]);
    for (const text of ['\u05e9\u05dc\u05d5\u05dd\u200f', 'a\u200eb', 'zero\u200bwidth', 'a\u00a0b', 'linha\noutra', 'José 🙂']) {
      expect([text, bidiControl(text)]).toEqual([text, undefined]);
    }
  });

  it('counts characters as code points: an emoji is one, a lone surrogate one', () => {
    expect(characterCount('')).toBe(0);
    expect(characterCount('Impressora')).toBe(10);
    expect(characterCount('🎫'.repeat(255))).toBe(255);
    expect(characterCount('Monitor 🙂 𝔄 ação')).toBe(Array.from('Monitor 🙂 𝔄 ação').length);
    expect(characterCount('a\ud800')).toBe(2);
    expect(characterCount('\udc00\ud83d')).toBe(2);
    expect(characterCount('\ud83d\ud83d\ude42')).toBe(2);
  });

  it('tells ASCII text from any other, and ASCII is its own NFC', () => {
    const ascii = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code)).join('');
    expect(isAscii(ascii)).toBe(true);
    expect(ascii.normalize('NFC')).toBe(ascii);
    expect(isAscii('')).toBe(true);
    expect(isAscii('ses_ggDEEu3NBl1HVcVmNQPPuz37')).toBe(true);
    expect(isAscii('Impressora\u0080')).toBe(false);
    expect(isAscii('Joa\u0303o')).toBe(false);
    expect(isAscii('Jo\u00e3o')).toBe(false);
  });

  it('bounds the UTF-8 bytes of any text without encoding it', () => {
    for (const text of ['', 'ascii', 'Requisição', '中文', '👍🏽', 'half \ud83d', '\u2028']) {
      expect(Buffer.byteLength(text, 'utf8')).toBeLessThanOrEqual(utf8BytesAtMost(text));
    }
    expect(utf8BytesAtMost('中')).toBe(Buffer.byteLength('中', 'utf8'));
  });
});

describe('isBlankText', () => {
  it.each(['', '   ', '\t\n', '\u200b', '\u200b\u2060 ', '\ufeff', '\u3164', '\u2800\u2800'])('reads %j as blank', (text) => {
    expect(isBlankText(text)).toBe(true);
  });
  it.each(['ses_x', ' ses_x', '\u200bses_x', 'é', '\u05e9'])('reads %j as showing something', (text) => {
    expect(isBlankText(text)).toBe(false);
  });
});

describe('controlCharacter', () => {
  it.each([
    ['a\u0000b', 'U+0000'],
    ['tab\there', 'U+0009'],
    ['two\nlines', 'U+000A'],
    ['del\u007f', 'U+007F'],
    ['c1\u0085', 'U+0085'],
  ])('finds the control character of %j', (text, code) => {
    expect(controlCharacter(text)).toBe(code);
  });
  it('finds none in visible text, accents and marks included', () => {
    expect(controlCharacter('Título ção \u200f ok')).toBeUndefined();
  });
});

describe('visiblyMarked', () => {
  it('shows each bidi control, control character, line break and invisible character as a visible mark', () => {
    expect(visiblyMarked('intentdesk \u202eOFFICIAL<b>x</b>\u0007\n<script>', 64)).toBe(
      `intentdesk ${SHOWN_INSTEAD}OFFICIAL<b>x</b>${SHOWN_INSTEAD}${SHOWN_INSTEAD}<script>`,
    );
    expect(visiblyMarked('Claude\u2800\u2800\u2800(official)', 64)).toBe('Claude\uFFFD\uFFFD\uFFFD(official)');
    expect(visiblyMarked('a\u200bb\u2066c\u2028d\u00ade\tf\ud800', 64)).toBe('a\uFFFDb\uFFFDc\uFFFDd\uFFFDe\uFFFDf\uFFFD');
    expect(visiblyMarked('Cliente Olá 🙂 العربية', 64)).toBe('Cliente Olá 🙂 العربية');
  });

  it('keeps at most the characters asked for, never half of a pair', () => {
    expect(visiblyMarked('🙂'.repeat(100), 64)).toBe('🙂'.repeat(64));
    expect(visiblyMarked('a'.repeat(10_000), 3)).toBe('aaa');
  });

  it('answers a text the character rule holds nothing against, within its length', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (text) => {
        const shown = visiblyMarked(text, 64);
        return hiddenCharacter(shown) === undefined && bidiControl(shown) === undefined && !hasLoneSurrogate(shown) && characterCount(shown) <= 64;
      }),
    );
  });
});
