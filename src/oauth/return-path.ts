import { controlCharacter } from '../text/characters.js';

const BASE = 'http://local.invalid';

/**
 * Where a sign-in page may send a person back to: a path of this server only. The path is resolved
 * first, as the browser will resolve it (dot segments, `%2e`), and the RESOLVED path is what is
 * checked: `/x/..//evil` resolves to `//evil`, which a browser reads as another origin. Refused:
 * anything not starting with one `/`, a resolved path starting with `//` or `/\`, and a backslash or
 * control character anywhere, raw or percent-encoded — so a sign-in link is never an open redirect.
 */
export function localReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return undefined;
  // Browsers treat `\` as `/` and drop tabs and newlines: `/\evil` and `/\t/evil` are `//evil`.
  if (!value.startsWith('/') || !isPlainPath(value)) return undefined;
  const resolved = resolvedPath(value);
  return resolved !== undefined && isPlainPath(resolved) ? resolved : undefined;
}

/** The path and query the browser lands on, or undefined when it would leave this origin. */
function resolvedPath(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return undefined;
  }
  return url.origin === BASE ? url.pathname + url.search : undefined;
}

/** One leading `/`, then no `/` or `\`, and no backslash or control character anywhere, decoded or not. */
function isPlainPath(path: string): boolean {
  const decoded = asciiDecoded(path);
  return !/^\/[/\\]/.test(decoded) && !decoded.includes('\\') && controlCharacter(decoded) === undefined;
}

/**
 * `path` with its ASCII percent-escapes decoded until none is left (`%255C` is `%5C` is `\`), for the
 * checks only. Escapes past ASCII stay as they are: they are UTF-8 bytes of a letter, never a
 * separator or a control character on their own.
 */
function asciiDecoded(path: string): string {
  let current = path;
  for (;;) {
    const next = current.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (next === current) return current;
    current = next;
  }
}
