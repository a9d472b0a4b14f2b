/** Between the values of a list written as one text: a comma, semicolon, slash or bar, or "or"/"ou"/"and"/"e" between spaces. */
const LIST_SEPARATOR = /\s*[,;/|]\s*|\s+(?:or|ou|and|e)\s+/i;

/** The values of a list written as one text ("Solved, Closed", "novo ou pendente"); undefined for one value. */
export function listWrittenIn(text: string): string[] | undefined {
  const parts = text.split(LIST_SEPARATOR).filter((part) => part.trim() !== '');
  return parts.length > 1 ? parts : undefined;
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
