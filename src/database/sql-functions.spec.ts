import fc from 'fast-check';
import { foldText, likeMatches, textHas } from './sql-functions.js';

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

describe('desk_like', () => {
  it("matches as SQLite's LIKE does on texts without a NUL: wildcards, escapes, ASCII case alone, NULL", async () => {
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(':memory:');
    const like = db.prepare<[string, string], { m: 0 | 1 }>("SELECT ? LIKE ? ESCAPE '!' AS m");
    const plain = db.prepare<[string, string], { m: 0 | 1 }>('SELECT ? LIKE ? AS m');
    // Letters of both cases, accented and not, the wildcards, the escape, a regular-expression character, an astral one;
    // short texts of few characters, so that a good share of the pairs match.
    const text = fc.string({ unit: fc.constantFrom('a', 'A', 'é', 'É', '%', '_', '!', '.', '𝔄'), maxLength: 4 });
    fc.assert(
      fc.property(text, text, (value, pattern) => {
        expect([value, pattern, likeMatches(value, pattern, '!')]).toEqual([value, pattern, like.get(value, pattern)?.m]);
        expect([value, pattern, likeMatches(value, pattern)]).toEqual([value, pattern, plain.get(value, pattern)?.m]);
      }),
      { numRuns: 3000 },
    );
    expect(likeMatches(null, '%')).toBeNull();
    expect(likeMatches('a', null)).toBeNull();
    db.close();
  });

  it("reads both texts whole where SQLite's LIKE stops at the first NUL", () => {
    expect(likeMatches('maria.silva', '%silva\0zz%', '!')).toBe(0);
    expect(likeMatches('maria.silva', '%\0%', '!')).toBe(0);
    expect(likeMatches('log abc\0def', '%ABC\0D%', '!')).toBe(1);
    expect(likeMatches('log abc\0def', '%def%', '!')).toBe(1);
    expect(likeMatches('nulo.alfa', 'nulo\0%')).toBe(0);
  });
});
