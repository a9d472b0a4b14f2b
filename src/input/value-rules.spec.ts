import type { FieldSpec } from './field-spec.js';
import { cleanText } from './value-rules.js';

describe('cleanText', () => {
  const text = { name: 'name', kind: 'text' } as FieldSpec;
  const other = { name: 'status', kind: 'enum' } as FieldSpec;

  it('stores one encoding per character (NFC), and trims text', () => {
    expect(cleanText(text, '  Joa\u0303o  ')).toBe('Jo\u00e3o');
    expect(cleanText(other, ' Joa\u0303o')).toBe(' Jo\u00e3o');
  });

  it('answers ASCII as it came, trimmed when text', () => {
    const id = 'ses_ggDEEu3NBl1HVcVmNQPPuz37';
    expect(cleanText(text, id)).toBe(id);
    expect(cleanText(text, ` ${id} `)).toBe(id);
    expect(cleanText(other, ' new ')).toBe(' new ');
  });
});
