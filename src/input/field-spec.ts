import type { FlagWords } from './vocab/boolean-words.js';
import type { ChoiceWords } from './vocab/choice-words.js';
import type { VocabGroup, Vocabulary } from './vocab/vocabulary.js';

export type FieldKind = 'text' | 'int' | 'bool' | 'enum' | 'ref' | 'date' | 'timezone' | 'choice' | 'choices' | 'actors';

/** Everything the input pipe and the schema builder know about one input field. */
export interface FieldSpec {
  name: string;
  kind: FieldKind;
  required: boolean;
  description: string;
  /** May be `null` to clear the stored value (update tools). */
  nullable?: boolean;
  /** Only on MCP tool calls (domain, session_id); REST does not take them. */
  mcpOnly?: boolean;
  /** An argument of the call (session, dry_run, idempotency key, zone), not a field of the record written. */
  call?: boolean;
  /** Longest string taken (TOO_LONG past it); see lengthLimitOf for kinds that declare none. */
  maxLength?: number;
  email?: boolean;
  /** A name, login or email: only visible characters (see input/text/characters.ts). */
  printable?: boolean;
  /** One line of text (a ticket's title): no control character, tab and line break included (text/characters.ts). */
  line?: boolean;
  min?: number;
  max?: number;
  unit?: string;
  vocab?: Vocabulary;
  /**
   * An enum that filters (a search): it also takes a list of values, and these words for several of
   * them ("open"); the field then holds their codes. Absent on an enum that sets one value.
   */
  filter?: readonly VocabGroup[];
  /** Reference kind, resolved through the reference registry. */
  ref?: string;
  /** A reference that filters (a search): it also takes its kind's words for several records ("open" project states; ReferenceKind.groups). */
  wordsForSeveral?: boolean;
  /**
   * A search's actor filter that also takes null or a word for no one ("none", "unassigned",
   * "ninguém"; a record by that name comes first): the records with no such actor. The field then
   * holds NO_RECORD (search/no-record.ts).
   */
  none?: boolean;
  /**
   * A search's reference filter that also takes a name after a word or sign for "not" ("not me",
   * "!Hardware", "exceto Sede"): the records without it. The field then holds a NotRecord
   * (search/no-record.ts). An actor filter (`none`) takes it too.
   */
  not?: boolean;
  /**
   * A write's reference that also takes a JSON list of its records, each of which the call acts on
   * (the tickets a task links): the field then holds their ids. Like a filter's list, not in the
   * schema (the list of tools is read by every model on every turn).
   */
  several?: boolean;
  /** The record the tool acts on (its id): ids pass through (the service answers NOT_FOUND), names resolve. */
  target?: boolean;
  /**
   * A target the tool finds by a rule of its own, wider than the names the caller may use (a ticket
   * it is asked to approve but does not otherwise see): its id is the tool's alone to find, never
   * looked up with a refused call's other problems. On an actor list: those taken off the record,
   * found by the tool among its current ones (resolveAmongCurrent), whom the caller may remove
   * though it could not add them; the field holds the list as sent.
   */
  foundByTool?: boolean;
  /** Allowed values of `choice` / `choices` fields (case-insensitive on input). */
  values?: readonly string[];
  /** Other words for a `choice` field's values, by meaning: taken as that value (not in the schema). */
  words?: ChoiceWords;
  /** The tool's own domain: the intent lock judges what was sent; the DTO holds this value. */
  constant?: string;
  /**
   * A value only the server makes (a page's cursor): what a caller sends under another name (a page
   * number) is never it, so it is suggested this field but not checked as its value.
   */
  opaque?: boolean;
  /**
   * A one-time code of this many digits: also taken as a JSON number, and with spaces or dashes
   * between its digits (as a person reads it out); never echoed back in an issue.
   */
  digits?: number;
  /** A flag's own words for its two states ("inactive" for is_active false), beside the yes/no words every flag takes. */
  flagWords?: FlagWords;
  /** An empty or blank string counts as not sent (session ids: `""` is no session). */
  blankIsAbsent?: boolean;
  example?: unknown;
  /** A date that starts (`x_from`) or ends (`x_to`) a search's range: a bare day, a month or a year bounds it with all of it (parseDate's `bound`). */
  bound?: 'start' | 'end';
  /**
   * On a range's start (`date_from`) of a tool without the date itself: the date's name and other
   * names (`date`, `created_at`), which the range's two fields are named for, neither suggested.
   */
  rangeOf?: readonly string[];
  /** Other names a caller may use for this field ("manager" for users_id): suggested, never accepted. */
  aliases?: readonly string[];
  /** Other names of a choice field's values (a projection's fields, "title" for name; a domain in pt-BR): suggested, never accepted. */
  valueAliases?: ChoiceWords;
}

/**
 * No name, label, date or zone is longer than this (names are stored in 255 characters): a longer
 * string is TOO_LONG before anything looks it up, parses it or echoes it.
 */
const VALUE_LENGTH = 255;
/** A list of output fields given as one comma-separated string. */
const LIST_LENGTH = 1000;

/** The longest string a field takes. */
export function lengthLimitOf(spec: FieldSpec): number {
  return spec.maxLength ?? (spec.kind === 'choices' ? LIST_LENGTH : VALUE_LENGTH);
}

/** A field of the record the call writes, as opposed to the call's own arguments and the id of its target. */
export function isRecordField(spec: FieldSpec): boolean {
  return !spec.call && !spec.target;
}

const FIELDS = Symbol('intentdesk:input-fields');

type WithFields = { [FIELDS]?: FieldSpec[] };

/** Registers a field on a DTO class; inherited fields come first, a subclass may redefine one. */
export function registerField(target: object, spec: FieldSpec): void {
  const ctor = target.constructor as WithFields;
  const own = Object.prototype.hasOwnProperty.call(ctor, FIELDS) ? ctor[FIELDS]! : [];
  if (!Object.prototype.hasOwnProperty.call(ctor, FIELDS)) {
    Object.defineProperty(ctor, FIELDS, { value: own, enumerable: false });
  }
  const index = own.findIndex((f) => f.name === spec.name);
  if (index >= 0) own[index] = spec;
  else own.push(spec);
}

const cache = new WeakMap<object, FieldSpec[]>();

/** All fields of a DTO class, parents first; undefined when the class declares none. */
export function fieldsOf(dto: unknown): FieldSpec[] | undefined {
  if (typeof dto !== 'function') return undefined;
  const cached = cache.get(dto);
  if (cached) return cached;
  const chain: FieldSpec[][] = [];
  for (let c: unknown = dto; typeof c === 'function' && c !== Function.prototype; c = Object.getPrototypeOf(c)) {
    if (Object.prototype.hasOwnProperty.call(c, FIELDS)) chain.unshift((c as WithFields)[FIELDS]!);
  }
  if (chain.length === 0) return undefined;
  const merged = new Map<string, FieldSpec>();
  for (const level of chain) for (const spec of level) merged.set(spec.name, spec);
  const fields = [...merged.values()];
  cache.set(dto, fields);
  return fields;
}
