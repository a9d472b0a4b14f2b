import { DATE_FORMATS_EXPECTED } from '../dates/dates.js';
import { dayReadings, DURATION_FORMATS, DURATION_UNIT } from '../dates/duration.js';
import { echo } from '../envelope/echo.js';
import type { IssueCode } from '../envelope/error-codes.js';
import type { Issue, ReadingCandidate } from '../envelope/issue.js';
import type { FieldSpec } from './field-spec.js';
import { ACTOR_FORMS } from './references/actor-list.js';

/** class-validator constraint name -> issue code; the first listed that fails wins. */
const CONSTRAINT_CODES: Array<[string, IssueCode]> = [
  ['isDefined', 'REQUIRED'],
  ['isString', 'INVALID_TYPE'],
  ['isInt', 'INVALID_TYPE'],
  ['isBoolean', 'INVALID_TYPE'],
  ['min', 'OUT_OF_RANGE'],
  ['max', 'OUT_OF_RANGE'],
  ['isEmail', 'INVALID_VALUE'],
];

export function expectedOf(spec: FieldSpec): string {
  switch (spec.kind) {
    case 'text':
      return spec.email ? 'an email address' : `a string of at most ${spec.maxLength} characters`;
    case 'int': {
      if (spec.unit === DURATION_UNIT) return `a duration: ${DURATION_FORMATS}${spec.max !== undefined ? `; at most ${spec.max} seconds` : ''}`;
      const range = spec.min !== undefined && spec.max !== undefined ? ` from ${spec.min} to ${spec.max}` : spec.min !== undefined ? ` >= ${spec.min}` : '';
      return `an integer${range}${spec.unit ? ` (${spec.unit})` : ''}`;
    }
    case 'bool':
      return 'true or false';
    case 'enum':
      return spec.vocab!.describe();
    case 'ref':
      return 'integer id or name';
    case 'date':
      return DATE_FORMATS_EXPECTED;
    case 'timezone':
      return 'an IANA time zone such as America/Sao_Paulo';
    case 'choice':
      return spec.values!.join(', ');
    case 'choices':
      return `a list of: ${spec.values!.join(', ')}`;
    case 'actors':
      return `a list of ${ACTOR_FORMS}`;
  }
}

/** REQUIRED for a field not sent; one that takes a single value (a domain tool's `domain`) names it, so the retry needs no lookup. */
export function requiredIssue(field: string, expected: string, only?: string): Issue {
  return { field, code: 'REQUIRED', message: only === undefined ? `${field} is required.` : `${field} is required: "${only}".`, expected };
}

/** The field's issue, in the house format, from the names of the class-validator rules its value breaks. */
export function issueFromValidation(failed: readonly string[], value: unknown, spec: FieldSpec): Issue {
  const code = CONSTRAINT_CODES.find(([name]) => failed.includes(name))?.[1] ?? 'INVALID_VALUE';
  const expected = expectedOf(spec);
  const messages: Record<IssueCode, string> = {
    REQUIRED: `${spec.name} is required.`,
    INVALID_TYPE: `${spec.name} must be ${expected}.`,
    TOO_LONG: `${spec.name} is longer than ${spec.maxLength} characters.`,
    OUT_OF_RANGE: `${spec.name} must be ${expected}.`,
    INVALID_VALUE: `${spec.name} must be ${expected}.`,
    INVALID_DATE: '',
    REFERENCE_NOT_FOUND: '',
    REFERENCE_AMBIGUOUS: '',
    UNKNOWN_FIELD: '',
    FORBIDDEN_FIELD: '',
    CONFLICT: '',
  };
  const received = echo(value);
  // A duration in days has two readings (24 hours, or a working day): both are offered.
  const readings = spec.unit === DURATION_UNIT && code !== 'REQUIRED' ? dayReadings(value) : undefined;
  if (readings) return { field: spec.name, code, received, message: `${messages[code]}${readingsHint(readings)}`, expected, candidates: readings };
  return { field: spec.name, code, received, message: messages[code], expected };
}

/** The sentence that offers a value's readings, each as the value to send: the caller picks one. */
export function readingsHint(readings: readonly ReadingCandidate[]): string {
  return ` It can be read ${readings.length} ways: ${readings.map((r) => `'${r.value}' (${r.reading})`).join(' or ')}; send the one you mean.`;
}

/**
 * A record's name sent blank (spaces only are trimmed to it): it passes the text rules but leaves the
 * record unfindable by name and in lists. `what` says which name it is (the title, the login).
 */
export function blankNameIssue(name: string | undefined, what: string, expected: string): Issue[] {
  return blankTextIssue('name', name, what, expected);
}

/** A text a record cannot do without sent blank (spaces only are trimmed to it): a followup's content, a record's name. */
export function blankTextIssue(field: string, text: string | undefined, what: string, expected: string): Issue[] {
  return text === '' ? [{ field, code: 'INVALID_VALUE', received: '', message: `${field} (${what}) cannot be empty.`, expected }] : [];
}
