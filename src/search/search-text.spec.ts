import { operatorsHint, searchText } from './search-text.js';

describe("a search query's text", () => {
  it.each([
    ['*impressora*', 'impressora'],
    ['%erp%', 'erp'],
    ['"VPN"', 'VPN'],
    ["'Troca de monitor'", 'Troca de monitor'],
    ['“monitor”', 'monitor'],
    ['impress*', 'impress'],
    ['  "*toner*"  ', 'toner'],
    ['100%', '100'],
    ['impres*ora', 'impres*ora'],
    ['*', '*'],
    ['""', '""'],
    ['sem "aspas" no meio', 'sem "aspas" no meio'],
  ])('reads %j as %j', (query, text) => {
    expect(searchText(query)).toBe(text);
  });

  it('says of a text written with operators which terms to search one by one, and nothing of one without', () => {
    expect(operatorsHint('impressora OR erp')).toBe(
      "The query is one text, found as written (case and accents aside): OR, AND, NOT and a leading '-' are no operators here. Search each term on its own: 'impressora', 'erp'.",
    );
    // A term written to be left out is no term to search for: no query leaves anything out.
    expect(operatorsHint('impressora AND NOT papel')).toBe(
      "The query is one text, found as written (case and accents aside): OR, AND, NOT and a leading '-' are no operators here. Search 'impressora' on its own. A query leaves nothing out: read past what holds 'papel' in what you find.",
    );
    expect(operatorsHint('impressora -erp')).toContain("Search 'impressora' on its own. A query leaves nothing out: read past what holds 'erp'");
    expect(operatorsHint('NOT impressora')).toContain("Leave the query out to search every one. A query leaves nothing out: read past what holds 'impressora'");
    expect(operatorsHint('-impressora')).toContain("read past what holds 'impressora'");
    for (const text of ['ar-condicionado', 'troca de -5V', 'x - y', 'NOTA fiscal', 'impressora not papel'])
      expect([text, operatorsHint(text)]).toEqual([text, undefined]);
    expect(operatorsHint('vpn AND "acesso remoto" || *toner*')).toContain("'vpn', 'acesso remoto', 'toner'.");
    expect(operatorsHint('impressora or erp')).toBeUndefined();
    expect(operatorsHint('ORACLE')).toBeUndefined();
    expect(operatorsHint('impressora')).toBeUndefined();
  });
});
