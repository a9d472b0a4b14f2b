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
      "The query is one text, found as written (case and accents aside): OR, AND and NOT are no operators here. Search each term on its own: 'impressora', 'erp'.",
    );
    expect(operatorsHint('vpn AND "acesso remoto" || *toner*')).toContain("'vpn', 'acesso remoto', 'toner'.");
    expect(operatorsHint('impressora or erp')).toBeUndefined();
    expect(operatorsHint('ORACLE')).toBeUndefined();
    expect(operatorsHint('impressora')).toBeUndefined();
  });
});
