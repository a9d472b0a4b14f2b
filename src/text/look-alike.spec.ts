import { lookAlikeKey } from './look-alike.js';

describe('look-alike keys', () => {
  it('are equal for texts that differ only by case, accents, compatibility forms or confusable letters', () => {
    const key = lookAlikeKey('maria.silva');
    for (const same of ['Maria.Silva', 'MARÍA.SILVA', 'maría.silva', 'm\u0430ria.silva', 'maria.\uff53ilva', 'rnaria.silva', ' maria.silva ']) {
      expect([same, lookAlikeKey(same)]).toEqual([same, key]);
    }
    expect(lookAlikeKey('j0hn@example.com')).toBe(lookAlikeKey('john@example.com'));
    expect(lookAlikeKey('paypa1')).toBe(lookAlikeKey('paypal'));
  });

  it('keep different names apart', () => {
    for (const [a, b] of [
      ['maria.silva', 'maria.silvia'],
      ['ana', 'anna'],
      ['joao', 'joana'],
      ['tech', 'teck'],
    ]) {
      expect([a, b, lookAlikeKey(a) === lookAlikeKey(b)]).toEqual([a, b, false]);
    }
  });
});

describe('look-alike keys of long texts', () => {
  it('are cut to the 255 characters of their column, the same for every text that looks the same that far', () => {
    // 'm' looks like 'rn': 200 of them have a 400-character skeleton.
    const key = lookAlikeKey('m'.repeat(200));
    expect(key).toBe('rn'.repeat(127) + 'r');
    expect(lookAlikeKey(`${'rn'.repeat(50)}${'m'.repeat(150)}`)).toBe(key);
    expect(lookAlikeKey('m'.repeat(127))).toBe('rn'.repeat(127));
  });
});
