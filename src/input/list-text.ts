import { afterNot, negationOf } from '../text/normalize.js';

/**
 * Between the values of a list written as one text: a comma, semicolon, slash or bar, or
 * "or"/"ou"/"and"/"e" between spaces, and "nor"/"nem" ("neither new nor pending", "nem tech nem maria").
 */
const LIST_SEPARATOR = /\s*[,;/|]\s*|\s+(?:or|ou|and|e|nor|nem)\s+/i;

/** The values of a list written as one text ("Solved, Closed", "novo ou pendente"); undefined for one value. */
export function listWrittenIn(text: string): string[] | undefined {
  const parts = text.split(LIST_SEPARATOR).filter((part) => part.trim() !== '');
  return parts.length > 1 ? parts : undefined;
}

/**
 * The values of a list written after one word or sign for "not" ("not new, pending", "exceto tech e
 * maria"), each with that word before it as it would be written alone ("not new", "not pending"):
 * the word leaves out every value of the list, never the first alone. A value with its own word for
 * "not" keeps it ("not solved and not closed"). Undefined unless the text is such a list.
 */
export function eachLeftOut(text: string): string[] | undefined {
  const negation = negationOf(text);
  const parts = negation && listWrittenIn(negation.rest);
  return parts?.map((part) => (afterNot(part) === undefined ? `${negation!.word}${part.trim()}` : part.trim()));
}

/**
 * The parts of a list written as one text (listWrittenIn), each as `read` takes it; undefined when
 * there are none or a part is none ("New, Pending" -> [1, 4]; "New, Soon" -> undefined).
 */
export function everyPartRead<T>(parts: readonly string[] | undefined, read: (part: string) => T | undefined): T[] | undefined {
  const values = parts?.map(read);
  return values?.every((value) => value !== undefined) ? (values as T[]) : undefined;
}

/**
 * What a field that takes one value says of a text naming several, each found:
 * "status takes one value, and 'New, Pending' names 2 (New, Pending): send one."
 */
export function severalForOne(field: string, one: string, sent: string, names: readonly string[], instead = 'send one'): string {
  return `${field} takes ${one}, and '${sent}' names ${names.length} (${names.join(', ')}): ${instead}.`;
}
