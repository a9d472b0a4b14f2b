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

/** Words callers write as search operators between terms; here they are part of the text. */
const OPERATOR = /\s+(?:OR|AND|\|\||&&|\||&)\s+/;
/** Where a term written to be left out starts: NOT before it, or a minus sign at its start ("-erp"). */
const LEFT_OUT = /(?:^|\s+)(?=NOT\s+\S|-\p{L})/u;
const LEFT_OUT_MARK = /^(?:NOT\s+|-)/;

/**
 * What a search that found nothing says of a query written with operators (`impressora OR erp`,
 * `impressora -papel`, `NOT erp`): that it looked for the whole text as written, which terms to
 * search one by one, and that a term written to be left out leaves nothing out (no query does: it
 * is no term to search for). Undefined for a query without them: the search then has nothing to add.
 */
export function operatorsHint(text: string): string | undefined {
  const terms = text
    .split(OPERATOR)
    .flatMap((part) => part.split(LEFT_OUT))
    .map((term) => term.trim())
    .filter(Boolean);
  const searched: string[] = [];
  const leftOut: string[] = [];
  for (const term of terms) {
    const text = searchText(term.replace(LEFT_OUT_MARK, ''));
    if (text) (LEFT_OUT_MARK.test(term) ? leftOut : searched).push(text);
  }
  if (terms.length < 2 && leftOut.length === 0) return undefined;
  const listed = (list: string[]) => list.map((term) => `'${quoted(term)}'`).join(', ');
  const search =
    searched.length > 1
      ? ` Search each term on its own: ${listed(searched)}.`
      : searched.length === 1
        ? ` Search ${listed(searched)} on its own.`
        : ' Leave the query out to search every one.';
  const readPast = leftOut.length > 0 ? ` A query leaves nothing out: read past what holds ${listed(leftOut)} in what you find.` : '';
  return `The query is one text, found as written (case and accents aside): OR, AND, NOT and a leading '-' are no operators here.${search}${readPast}`;
}
