import { echo } from '../envelope/echo.js';
import type { Issue } from '../envelope/issue.js';
import { bidiControl, controlCharacter, hasLoneSurrogate, hiddenCharacter, isAscii } from '../text/characters.js';
import { type FieldSpec, isRecordField, lengthLimitOf } from './field-spec.js';
import { expectedOf } from './issue-messages.js';
import { lengthProblem } from './length-rule.js';

/**
 * The rules that refuse a field's value whole, before the input parser reads it (no parsing, no
 * lookup, no echo of a megabyte): a field the caller may not set, and strings that cannot be taken
 * whatever the field. And the one form every accepted string is taken in.
 */

/** Entries of a list of output fields (each known one at most once). */
const MAX_LIST_ENTRIES = 100;

/**
 * FORBIDDEN_FIELD when the caller's profile may not set this field of the record. The value is
 * echoed, as every issue echoes what was sent, but never looked at: the answer says nothing of what
 * it names (a user name probed or not).
 */
export function forbiddenField(spec: FieldSpec, value: unknown, settable: ReadonlySet<string> | undefined): Issue | undefined {
  if (!settable || !isRecordField(spec) || settable.has(spec.name)) return undefined;
  // The fields of this tool the profile sets (settableFields): none, on a tool it may call for no field.
  const allowed = settable.size > 0 ? `only ${[...settable].join(', ')}` : "none of this tool's fields";
  return {
    field: spec.name,
    code: 'FORBIDDEN_FIELD',
    received: echo(value),
    message: `${spec.name} cannot be set with your profile, which sets ${allowed}. Leave it out.`,
    expected: allowed,
  };
}

/**
 * TOO_LONG or INVALID_VALUE when a string (or list) cannot be taken whatever the field: longer than
 * the field takes, holding half of a UTF-16 pair or a bidi control (text/characters.ts), or — in
 * names, logins and emails — an invisible or control character. Checked before any other rule reads the value.
 */
export function valueProblem(spec: FieldSpec, value: unknown): Issue | undefined {
  if (Array.isArray(value) && spec.kind === 'choices' && value.length > MAX_LIST_ENTRIES) {
    return {
      field: spec.name,
      code: 'TOO_LONG',
      received: echo(value),
      message: `${spec.name} lists ${value.length} entries; at most ${MAX_LIST_ENTRIES}.`,
      expected: expectedOf(spec),
    };
  }
  if (spec.digits !== undefined) return codeProblem(spec, spec.digits, value);
  if (typeof value !== 'string') return undefined;
  const tooLong = lengthProblem(
    spec.name,
    value,
    lengthLimitOf(spec),
    () => expectedOf(spec),
    (text) => cleanText(spec, text),
  );
  if (tooLong) return tooLong;
  if (hasLoneSurrogate(value)) {
    return {
      field: spec.name,
      code: 'INVALID_VALUE',
      received: echo(value),
      message: `${spec.name} holds half of a UTF-16 surrogate pair (a broken character); it could not be stored as sent. Send well-formed Unicode text.`,
      expected: expectedOf(spec),
    };
  }
  const hidden = spec.printable ? hiddenCharacter(value.trim()) : undefined;
  if (hidden) {
    return {
      field: spec.name,
      code: 'INVALID_VALUE',
      received: echo(value),
      message: `${spec.name} holds an invisible or control character (${hidden}): names, logins and emails take visible characters and plain spaces only.`,
      expected: expectedOf(spec),
    };
  }
  const control = spec.line && !spec.printable ? controlCharacter(value.trim()) : undefined;
  if (control) {
    return {
      field: spec.name,
      code: 'INVALID_VALUE',
      received: echo(value),
      message: `${spec.name} holds a control character (${control}): it is one line of text, without tabs, line breaks or other control characters.`,
      expected: expectedOf(spec),
    };
  }
  const bidi = bidiControl(value);
  if (bidi) {
    return {
      field: spec.name,
      code: 'INVALID_VALUE',
      received: echo(value),
      message: `${spec.name} holds a bidirectional control character (${bidi}), which changes the order in which the text after it is shown to others. Send the text without it.`,
      expected: expectedOf(spec),
    };
  }
  return undefined;
}

/** Strings as they are checked and stored: NFC (one encoding per character), text also trimmed. */
export function cleanText(spec: FieldSpec, value: string): string {
  const text = spec.kind === 'text' ? value.trim() : value;
  // ASCII is its own NFC: most values (ids, codes, session ids) skip the normalizer.
  return isAscii(text) ? text : text.normalize('NFC');
}

/**
 * A one-time code that is not `digits` digits, never echoed. A shorter run of digits is most often
 * a code sent as a JSON number, which drops the zeros it began with.
 */
function codeProblem(spec: FieldSpec, digits: number, value: unknown): Issue | undefined {
  const allDigits = typeof value === 'string' && /^\d+$/.test(value);
  if (allDigits && value.length === digits) return undefined;
  const short = allDigits && value.length < digits;
  return {
    field: spec.name,
    code: typeof value === 'string' ? 'INVALID_VALUE' : 'INVALID_TYPE',
    received: '(hidden)',
    message:
      `${spec.name} must be the ${digits} digits the user received.` +
      (short ? ` It has ${(value as string).length}: a code sent as a number loses the leading zeros, so send it as text, as the user gave it ("0…").` : ''),
    expected: `${digits} digits`,
  };
}
