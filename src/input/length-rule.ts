import { echo } from '../envelope/echo.js';
import type { Issue } from '../envelope/issue.js';
import { characterCount } from '../text/characters.js';

/**
 * TOO_LONG when `text`, as it is taken (`clean`: trimmed, NFC), has more than `limit` characters.
 * Characters are code points, as MariaDB counts the utf8mb4 VARCHAR(255) of a name (SQLite counts
 * nothing): 255 emoji are a whole name, though they are 510 UTF-16 units. `expected` may be a
 * function: the description is then made only for a text too long.
 */
export function lengthProblem(
  field: string,
  text: string,
  limit: number,
  expected: string | (() => string),
  clean: (text: string) => string = (t) => t,
): Issue | undefined {
  // A text has no more code points than UTF-16 units: one within the limit in units (nearly every one) is not counted.
  if (text.length <= limit) return undefined;
  const length = characterCount(clean(text));
  if (length <= limit) return undefined;
  return {
    field,
    code: 'TOO_LONG',
    received: echo(text),
    message: `${field} is ${length} characters long; at most ${limit}.`,
    expected: typeof expected === 'string' ? expected : expected(),
  };
}
