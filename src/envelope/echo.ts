/**
 * How much of a caller's value an answer may repeat. Every echo of a value — an issue's `received`,
 * a value quoted in a message, an unknown field's name — goes through this file: a megabyte sent is
 * never a megabyte (or two) answered. The contract allows 200 characters; 80 say what was sent.
 */
export const ECHO_LIMIT = 80;

/** `received` of an issue: strings cut to ECHO_LIMIT characters, objects and arrays as cut JSON text. Idempotent. */
export function echo(value: unknown): unknown {
  if (typeof value === 'string') return cut(value);
  if (typeof value === 'object' && value !== null) return cut(textOf(value));
  return value;
}

/** What an answer says for a value it does not repeat. */
export const REDACTED_ECHO = '[redacted]';

/** A field name that says its value is a secret, as callers spell it: password, new_password, senha, api_secret, token, otp. */
const SECRET_NAME = /pass(?:word|wd)|senha|secret|token|(?:^|[_\s.-])(?:pwd|otp)(?:$|[_\s.-])/i;

/**
 * `received` of an issue on a field named `key`: the value as `echo` repeats it, or REDACTED_ECHO
 * when the name says it is a secret (a password sent to a tool that takes none is not sent back
 * into the conversation, nor into whatever keeps its answers).
 */
export function echoUnder(key: string, value: unknown): unknown {
  return SECRET_NAME.test(key) ? REDACTED_ECHO : echo(value);
}

/** A value as text for a message, cut like `echo`: `name '${quoted(input)}' not found`. */
export function quoted(value: unknown): string {
  return cut(textOf(value));
}

/** Any value as text, without ever throwing (objects may carry a hostile toString or nest too deep to serialize). */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return String(value);
  try {
    return JSON.stringify(value) ?? 'object';
  } catch {
    return Array.isArray(value) ? 'array' : 'object';
  }
}

/** At most ECHO_LIMIT characters (counted in code points, never splitting a pair), the last one `…` when cut. */
function cut(text: string): string {
  // Only a text longer than the limit in UTF-16 units can be longer in code points.
  if (text.length <= ECHO_LIMIT) return text;
  const points = Array.from(text.slice(0, ECHO_LIMIT * 2));
  if (points.length <= ECHO_LIMIT && text.length <= ECHO_LIMIT * 2) return text;
  return `${points.slice(0, ECHO_LIMIT - 1).join('')}…`;
}
