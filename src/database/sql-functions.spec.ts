import { foldText, textHas } from './sql-functions.js';

describe('desk_text_has', () => {
  it('finds the folded key in the title or the description, case and accents aside', () => {
    expect(foldText('Conexão CAÍDA')).toBe('conexao caida');
    expect(textHas('Sem CONEXÃO', null, foldText('conexao'))).toBe(1);
    expect(textHas(null, 'a ação falhou', foldText('AÇÃO'))).toBe(1);
    expect(textHas('Conexões', 'anexo', foldText('conexão'))).toBe(0);
    expect(textHas(null, null, 'x')).toBe(0);
  });
});
