/** Makes an object from its values, in the order of the names it was made for. */
export type ObjectMaker = (values: readonly unknown[]) => Record<string, unknown>;

/**
 * `{ <names[0]>: values[0], <names[1]>: values[1], … }` as one object literal: one allocation of one
 * shape, with its properties inside the object. An object given its properties one at a time under
 * names known only at run time (`row[column] = …`, `view[field] = …`) becomes, past a dozen, a
 * dictionary in V8: slower to fill, to read and to serialize, and every object of its kind takes the
 * slow path of the code that reads it. A repeated name holds its last value, where the first put it.
 * Undefined when a name is `__proto__` (in a literal it would set the prototype): the caller then
 * sets properties itself.
 */
export function objectMaker(names: readonly string[]): ObjectMaker | undefined {
  if (names.includes('__proto__')) return undefined;
  const body = `return { ${names.map((name, i) => `${JSON.stringify(name)}: values[${String(i)}]`).join(', ')} };`;
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- a literal written for these names is the point (names JSON-quoted).
  return new Function('values', body) as ObjectMaker;
}
