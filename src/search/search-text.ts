import { quoted } from '../envelope/echo.js';

/**
 * The text a search's `query` is matched with. A query is found as written, anywhere in what the
 * search reads (a substring, case and accents aside), so the wildcards and quotes callers wrap it
 * in (`*impressora*`, `%erp%`, `"VPN"`, `impress*`) say nothing more: at its ends they are dropped,
 * else the search would look for the characters themselves and find nothing.
 */
export function searchText(query: string): string {
  let text = query.trim();
  for (;;) {
    const inner = stripOnce(text);
    if (inner === text) return text;
    text = inner;
  }
}

/** `text` without one layer of what wraps it: wildcards at either end, or a pair of quotes. */
function stripOnce(text: string): string {
  const quoted = /^(["'“”‘’])(.*)(["'“”‘’])$/su.exec(text);
  if (quoted && quoted[2].trim()) return quoted[2].trim();
  const bare = text.replace(/^[*%]+|[*%]+$/g, '').trim();
  return bare || text;
}

/** Words callers write as search operators; here they are part of the text. */
const OPERATOR = /\s+(?:OR|AND|NOT|\|\||&&|\||&)\s+/;

/**
 * What a search that found nothing says of a query written with operators (`impressora OR erp`):
 * that it looked for the whole text as written, and for which terms to search one by one. Undefined
 * for a query without them: the search then has nothing to add.
 */
export function operatorsHint(text: string): string | undefined {
  if (!OPERATOR.test(text)) return undefined;
  const terms = text.split(OPERATOR).map(searchText).filter(Boolean);
  const each = terms.map((term) => `'${quoted(term)}'`).join(', ');
  return `The query is one text, found as written (case and accents aside): OR, AND and NOT are no operators here. Search each term on its own: ${each}.`;
}
