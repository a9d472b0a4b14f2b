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

describe('desk_text_has against the text index', () => {
  // The per-row check stands in for the FTS5 index on broad searches: both must find the same rows.
  const texts = [
    'Мой компьютер',
    'Ёлка зелёная',
    'Cộng hòa xã hội',
    'İstanbul ofisi',
    'Ação rápida',
    'ΣΟΦΊΑ λόγος',
    'Straße gesperrt',
    'Relatório — отчёт готов',
  ];
  const queries = [
    'мои',
    'мой',
    'елка',
    'ёлка',
    'cong',
    'cộng',
    'istanbul',
    'İstanbul',
    'acao',
    'RÁPIDA',
    'σοφια',
    'σοφία',
    'λογος',
    'straße',
    'strasse',
    'relatorio',
    'RELATÓRIO',
    'отчет',
    'отчёт',
  ];

  it('finds a text exactly where FTS5 with the index tokenizer finds it', async () => {
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(':memory:');
    db.exec("CREATE VIRTUAL TABLE x USING fts5(a, tokenize = 'trigram remove_diacritics 1')");
    const insert = db.prepare('INSERT INTO x (a) VALUES (?)');
    for (const text of texts) insert.run(text);
    const match = db.prepare('SELECT a FROM x WHERE x MATCH ? ORDER BY rowid');
    for (const query of queries) {
      const indexed = (match.all(`"${query}"`) as Array<{ a: string }>).map((row) => row.a);
      const checked = texts.filter((text) => textHas(text, null, foldText(query)) === 1);
      expect({ query, found: checked }).toEqual({ query, found: indexed });
    }
    db.close();
  });
});
