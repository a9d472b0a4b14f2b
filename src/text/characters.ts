/**
 * Which characters a text may hold. Three rules, applied by the input parser to every string it takes:
 * - no lone surrogate (half of a UTF-16 pair) anywhere: it is not a character, and the databases
 *   would store something else (U+FFFD or `?`) than what `applied` reports;
 * - no bidi embedding, override or isolate control anywhere (U+202A–U+202E, U+2066–U+2069): each
 *   reorders how the text after it is shown, in other people's lists, messages and approval pages
 *   ("Fatura U+202E gnp.exe" reads "Fatura exe.png"). The marks U+200E and U+200F, which set no order
 *   of their own and come with pasted right-to-left text, are taken in free text;
 * - in names, logins and emails (`printable` fields), nothing invisible that makes two names look
 *   the same or display differently: control characters, format characters (zero-width, bidi
 *   controls, soft hyphen), line and paragraph separators, private-use and unassigned code points,
 *   default-ignorable fillers (U+3164, variation selectors), the braille pattern blank (U+2800, a
 *   symbol that shows nothing, the filler Unicode's ignorable set leaves out), and any white space but the plain space;
 * - in one-line texts (`line` fields: a ticket's title), no control character, tab and line break
 *   included (a NUL ends a string downstream, an escape drives a terminal, a line break splits a list).
 */
const LONE_SURROGATE = /\p{Cs}/u;
const HIDDEN = /[\p{C}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800]|[^\S ]/u;
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
const INVISIBLE_ONLY = /^[\s\p{C}\p{Default_Ignorable_Code_Point}\u2800]*$/u;

export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/** The first character `printable` text may not hold, as `U+200B`; undefined when there is none. */
export function hiddenCharacter(text: string): string | undefined {
  return codePointOf(HIDDEN.exec(text));
}

const HIDDEN_EVERYWHERE = new RegExp(HIDDEN.source, 'gu');
/** What stands for a character that may not be shown as it is: the replacement character, visible. */
export const SHOWN_INSTEAD = '\uFFFD';

/**
 * `text` that nobody vouches for (what an MCP client says of itself), made safe to show and store:
 * each character `printable` text may not hold (bidi controls, control characters, line breaks,
 * zero-width and other invisible characters, lone surrogates) becomes SHOWN_INSTEAD, so it is seen
 * instead of acting on what follows it; and no more than `max` characters are kept.
 */
export function visiblyMarked(text: string, max: number): string {
  // Capped before the replacement: a megabyte sent costs no more than `max` characters.
  let kept = '';
  let count = 0;
  for (const character of text) {
    if (count++ === max) break;
    kept += character;
  }
  return kept.replace(HIDDEN_EVERYWHERE, SHOWN_INSTEAD);
}

/** Whether `text` shows nothing: white space and invisible characters only (a zero-width space is no session id). */
export function isBlankText(text: string): boolean {
  // A visible ASCII character first (every id and name a call sends): not blank, without the regex.
  const first = text.charCodeAt(0);
  if (first > 0x20 && first < 0x7f) return false;
  return INVISIBLE_ONLY.test(text);
}

/** The first control character (C0, DEL, C1) of `text`, as `U+0000`; undefined when there is none. */
export function controlCharacter(text: string): string | undefined {
  return codePointOf(CONTROL.exec(text));
}

/** The first bidi embedding, override or isolate control of `text`, as `U+202E`; undefined when there is none. */
export function bidiControl(text: string): string | undefined {
  return codePointOf(BIDI_CONTROL.exec(text));
}

function codePointOf(match: RegExpExecArray | null): string | undefined {
  if (!match) return undefined;
  return `U+${match[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * The characters (code points) of `text`, as MariaDB counts a utf8mb4 VARCHAR and JSON Schema a
 * `maxLength`: an emoji is one, though it is two UTF-16 units (a lone surrogate counts as one).
 * A loop, not `[...text].length`: a megabyte sent is counted without an array of a million strings.
 */
export function characterCount(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdbff) continue;
    const next = text.charCodeAt(i + 1);
    if (next >= 0xdc00 && next <= 0xdfff) {
      count--;
      i++;
    }
  }
  return count;
}

/** Every character of `text` is ASCII (U+0000–U+007F). */
export function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/**
 * The most bytes `text` takes in UTF-8, without encoding it: 3 a UTF-16 code unit (a pair of
 * surrogates, two units, takes 4). For room to set aside before writing it into a buffer.
 */
export function utf8BytesAtMost(text: string): number {
  return text.length * 3;
}
