import type { Maybe } from '../database/maybe.js';
import { DATE_FORMATS_EXPECTED, dateHint, isValidTimeZone, parseDate, suggestTimeZone } from '../dates/dates.js';
import { DURATION_UNIT, durationSeconds } from '../dates/duration.js';
import { echo, echoUnder, quoted } from '../envelope/echo.js';
import type { Resolved } from '../envelope/envelope.js';
import type { Issue } from '../envelope/issue.js';
import type { Transport } from '../observe/call-metrics.js';
import { ANY_ONE, NO_ONE, NO_RECORD, type NotRecord } from '../search/no-record.js';
import { matchKey } from '../text/normalize.js';
import { closestOf, closestTied, spelledAlike } from '../text/suggest.js';
import { SearchCallDto } from './dto/search-args.dto.js';
import { PROJECTION } from './field-aliases.js';
import { fieldsOf, type FieldSpec, lengthLimitOf } from './field-spec.js';
import { otherToolFor } from './fields-of-other-tools.js';
import { operatorForm } from './filter-operators.js';
import { flagInChoice } from './flag-in-choice.js';
import { asSent, attachMeta } from './input-meta.js';
import { expectedOf, issueFromValidation, readingsHint, requiredIssue } from './issue-messages.js';
import { listFormOf, oneOfList, takesOne } from './list-for-one.js';
import { eachLeftOut, everyPartRead, listWrittenIn, severalForOne } from './list-text.js';
import { otherNameIssue, presentedRecord, sameName } from './presented-record.js';
import { readId } from './record-id.js';
import { resolveActorList } from './references/actor-list.js';
import { withIdInWords } from './references/id-in-words.js';
import { negatedReference } from './references/negated-reference.js';
import { withOtherKindHint } from './references/other-kind-field.js';
import { isListOfNames, keptAndLeftOut, type ListedName, readingOf, recordsNamed, takesList } from './references/records-named.js';
import type { NameScope } from './references/reference-scope.js';
import { withSeveralNamesHint } from './references/several-names.js';
import { sharedLookup } from './references/shared-lookup.js';
import { type FilterResolution, type GroupLookup, withWordsForSeveral } from './references/words-for-several.js';
import { brokenRules } from './scalar-rules.js';
import { descendingWord, sortKeysOf, sortWrittenIn } from './sort-keys.js';
import {
  aboutField,
  aliasOfSentField,
  clearingField,
  clearsWhatSets,
  countAloneField,
  durationInUnitField,
  fieldsWrappedIn,
  isGuess,
  oneOrItsList,
  pageNumberField,
  redirected,
  sentUnderAlias,
  sortDirectionField,
  UNKNOWN_ENTRIES_NAMED,
  unknownField,
  unknownFieldOfTwo,
  unknownRangeField,
  withdrawn,
  wrapperField,
} from './unknown-fields.js';
import { cleanText, forbiddenField, valueProblem } from './value-rules.js';
import { flagValue } from './vocab/boolean-words.js';
import { type ChoiceWords, otherNumberOf, wordIndex, wordTexts } from './vocab/choice-words.js';
import { codesOfParts, groupLeftOut, type ListPart, listPartOf } from './vocab/list-parts.js';
import { isAnyoneWord, isNoneWord } from './vocab/none-words.js';
import { groupNamed, type Vocabulary } from './vocab/vocabulary.js';
import { ZERO_FRACTION } from './whole-number-text.js';

export interface ReferenceLookup {
  resolve(
    kind: string,
    field: string,
    input: unknown,
    scope: NameScope | undefined,
  ): Promise<{ ok: true; id: number; name: string } | { ok: false; issue: Issue }>;
  /** The records a filter's word for several stands for (ReferenceKind.groups); undefined for no such word. */
  group?(kind: string, input: unknown, scope: NameScope | undefined): Promise<{ ids: number[]; names: string[] } | undefined>;
}

/**
 * A value sent beside a REST path segment that is not the path's: its issue stands, unless the value
 * is a name (`unlessNamed`) that resolves, for the field, to the path's record (`PATCH /api/projects/1
 * {"id": "Migração ERP"}` names project 1 too).
 */
export interface PathConflict {
  issue: Issue;
  unlessNamed?: { name: string; id: number };
}

export interface ParseOptions {
  /** `query`: values come from a URL query string, so numbers and booleans arrive as text. */
  mode: 'json' | 'query';
  /** Arguments sent in a query string the route does not read (it reads its JSON body): each one an issue. */
  outOfPlace?: Readonly<Record<string, unknown>>;
  /** What the transport found wrong in gathering the arguments (a REST body id that is not the path's), answered with all others. */
  conflicts?: readonly PathConflict[];
  transport: Transport;
  /** The zone in force (zoneInForce): dates without offset are read in it. */
  zone: string;
  /** The caller's language (GLPI's, `pt_BR`): which reading of an ambiguous date comes first. */
  language?: string | null;
  /** What the caller may name; undefined for system work (no restriction). */
  scope: NameScope | undefined;
  /** The record fields the caller may set (its profile's); undefined: every field. */
  settable?: ReadonlySet<string>;
  /** The fields of the call when they are not the DTO's own: a tool's policy adds its `domain` argument. */
  fields?: readonly FieldSpec[];
}

/**
 * A DTO class may check rules between its fields (end after start); run on the parsed values.
 * `failed`: the fields that already have an issue (a rule that depends on one, say which kind of
 * entry is added, has nothing to go by). An issue's `received` is replaced by what was sent.
 */
export interface CrossChecked<T> {
  /** `zone`: the call's zone in force, in which a message shows a date. */
  crossCheck?(value: T, failed: ReadonlySet<string>, zone: string): Issue[];
}

/**
 * A DTO whose tool checks its values against the stored record (an end date against the stored
 * start, a login against the other users'): when its input has problems, the parse's failure carries
 * what did parse (`partial`), so that those checks run too and one answer names every problem.
 */
export interface StoredChecked {
  readonly checksStoredRecord: true;
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; issues: Issue[]; partial?: T };

const SCALAR_KINDS = new Set(['text', 'int', 'bool']);
/** Unknown fields listed one by one; past this, one issue counts the rest (a body of 100k keys stays a small answer). */
const MAX_UNKNOWN_LISTED = 20;
/** No field name or alias is longer: a longer unknown key gets no suggestion (and no matching work). */
const MAX_SUGGESTIBLE_KEY = 64;

interface Shape {
  specs: FieldSpec[];
  byName: Map<string, FieldSpec>;
  /** Each field's place in `specs`: fields are checked, and issues listed, in this order. */
  place: Map<string, number>;
  required: FieldSpec[];
  /** The zone argument (its value is the zone dates are read in), if the call has one. */
  zone: FieldSpec | undefined;
}

/** The fields of a call as one transport takes them (REST leaves out MCP's own, such as session_id): worked out once per list. */
const shapes = new WeakMap<readonly FieldSpec[], Partial<Record<ParseOptions['transport'], Shape>>>();

function shapeOf(fields: readonly FieldSpec[], transport: ParseOptions['transport']): Shape {
  let byTransport = shapes.get(fields);
  if (!byTransport) shapes.set(fields, (byTransport = {}));
  let shape = byTransport[transport];
  if (!shape) {
    const specs = fields.filter((s) => transport === 'mcp' || !s.mcpOnly);
    const byName = new Map(specs.map((s) => [s.name, s]));
    if (byName.size !== specs.length) throw new Error(`Input fields named twice: ${specs.map((s) => s.name).join(', ')}`);
    shape = byTransport[transport] = {
      specs,
      byName,
      place: new Map(specs.map((s, i) => [s.name, i])),
      required: specs.filter((s) => s.required),
      zone: specs.find((s) => s.kind === 'timezone'),
    };
  }
  return shape;
}

/** The arguments are no JSON object: said of REST's body or of a tool call's arguments, naming what they are. */
function notAnObject(raw: unknown, transport: Transport): Issue {
  const kind = raw === null ? 'null' : Array.isArray(raw) ? 'an array' : `a ${typeof raw}`;
  const [field, what] = transport === 'rest' ? ['(body)', 'The request body'] : ['(arguments)', 'The arguments'];
  return { field, code: 'INVALID_TYPE', received: echo(raw), message: `${what} must be a JSON object; it is ${kind}.`, expected: 'object' };
}

/**
 * `given` put in the order of the call's fields, in place: an insertion sort, as a call sends a few
 * fields (a general sort with a comparator cost more than the rest of a short call's parse).
 */
function inFieldOrder(given: FieldSpec[], place: ReadonlyMap<string, number>): void {
  for (let i = 1; i < given.length; i++) {
    const spec = given[i];
    const at = place.get(spec.name)!;
    let j = i - 1;
    while (j >= 0 && place.get(given[j].name)! > at) {
      given[j + 1] = given[j];
      j--;
    }
    given[j + 1] = spec;
  }
}

/** The most values a filter's list takes (an enum has a handful). */
const MAX_FILTER_VALUES = 20;

/** The English labels of `codes`, as answers show them. */
function labelsOf(vocab: Vocabulary, codes: readonly number[]): string[] {
  return codes.map((code) => vocab.label(code) ?? String(code));
}

/** A reference not found, as the call shows it: its field, the call's fields, the value sent, and whether the call searches. */
interface NotFoundContext {
  spec: FieldSpec;
  specs: readonly FieldSpec[];
  value: unknown;
  searching: boolean;
  /** The records a filter's word for several stands for, among those the caller may name (words-for-several.ts). */
  groupOf: (input: unknown) => Promise<{ ids: number[]; names: string[] } | undefined>;
}

/**
 * What a reference not found can say of its value, asked only then: a word for no one, on a
 * filter that takes it (FieldSpec.none), which it then stands for; the noun of its kind and an id
 * ("ticket 5"), which it then stands for (id-in-words.ts); a name of the other kind of
 * "who" (other-kind-field.ts), a list of names where one record is taken (several-names.ts); and,
 * on a filter that takes them, a word for several records, which it then stands for
 * (words-for-several.ts).
 */
async function notFoundHints(
  answer: { ok: false; issue: Issue },
  { spec, specs, value, searching, groupOf }: NotFoundContext,
  lookup: ReferenceLookup,
  scope: NameScope | undefined,
): Promise<FilterResolution> {
  const group: GroupLookup = () => groupOf(value);
  // One name of a list: a record, or on a filter with words for several, the records of such a word ("open or Closed").
  const nameInList = async (name: unknown): Promise<ListedName> => {
    const found = await lookup.resolve(spec.ref!, spec.name, name, scope);
    const words = found.ok || !spec.wordsForSeveral ? undefined : await groupOf(name);
    return words?.ids.length ? { ok: true, ids: words.ids, names: words.names } : found;
  };
  // A word for no one ("none", "ninguém") on a filter that takes it: the records with no such actor.
  if (spec.none && isNoneWord(value)) return { ok: true, ...NO_ONE };
  // On a write's field that may be cleared, it asks for the clearing: null does it (no list of every record).
  if (!searching && spec.nullable && isNoneWord(value)) return { ok: false, issue: clearWithNull(spec.name, value) };
  // A word for anyone: the records with at least one such actor.
  if (spec.none && isAnyoneWord(value)) return { ok: true, ...ANY_ONE };
  // "not tech", "!Hardware": the records without it.
  const negated = spec.not ? await negatedReference(value, !!spec.none, (name) => lookup.resolve(spec.ref!, spec.name, name, scope), nameInList) : undefined;
  // A name after "not" not found on a filter with words for several ("not open") is told those words too.
  if (negated) return negated.ok || !spec.wordsForSeveral ? negated : withWordsForSeveral(negated, spec.ref!, value, group);
  // A JSON list where one is read (only those let one through: takesList), or a filter's {in: [...]}:
  // any of its records on a filter (some left out after "not"), each of them on a write.
  const listed = Array.isArray(value) ? value : searching && takesList(spec, searching) ? operatorForm(value) : undefined;
  if (Array.isArray(listed) && isListOfNames(listed))
    return (spec.not ? await keptAndLeftOut(listed, value, nameInList) : undefined) ?? recordsNamed(listed, value, nameInList, readingOf(spec));
  const byId = await withIdInWords(answer, spec, value, (id) => lookup.resolve(spec.ref!, spec.name, id, scope));
  if (byId.ok) return byId;
  const other = await withOtherKindHint(answer, spec, specs, value, (kind, field) => lookup.resolve(kind, field, value, scope));
  const several = await withSeveralNamesHint(other, spec, value, searching, nameInList);
  return spec.wordsForSeveral ? withWordsForSeveral(several, spec.ref!, value, group) : several;
}

/** A word for no one sent to a field that null clears: the call meant to clear it. */
function clearWithNull(field: string, value: unknown): Issue {
  return { field, code: 'INVALID_VALUE', received: echo(value), message: `'${quoted(value)}' names no one: to clear ${field}, send null.` };
}

/** What is said of one value `vocab` does not take, with the label it most likely meant. */
function notValid(vocab: Vocabulary, value: unknown): { text: string; suggested?: string } {
  const suggested = vocab.suggest(value);
  const caution = vocab.caution(value);
  return {
    text: `'${quoted(value)}' is not a valid ${vocab.name}.${suggested ? ` Did you mean '${suggested}'?` : ''}${caution ? ` ${caution}` : ''}`,
    suggested,
  };
}

/**
 * The record an id resolved to, when the name sent beside it in a record copied from an answer
 * ({id, name}) names it too: its own name, or another of its names (a user's full name, an entity's
 * last part); else the issue that asks which was meant.
 */
async function sameRecordNamed(
  record: { ok: true; id: number; name: string },
  beside: string,
  spec: FieldSpec,
  lookup: ReferenceLookup,
  scope: NameScope | undefined,
): Promise<FilterResolution> {
  if (sameName(beside, record.name)) return record;
  const named = await lookup.resolve(spec.ref!, spec.name, beside, scope);
  return named.ok && named.id === record.id ? record : { ok: false, issue: otherNameIssue(spec.name, record.id, beside, record.name, false) };
}

/** An enum's value (or a filter's list of them) refused: `message`, then the codes and labels it takes. */
function enumRefusal(spec: FieldSpec, received: unknown, code: 'INVALID_VALUE' | 'INVALID_TYPE', message: string, suggested?: string): Issue {
  const vocab = spec.vocab!;
  return {
    field: spec.name,
    code,
    received: echo(received),
    message: `${message} Use ${spec.filter ? 'codes or labels' : 'a code or label'}: ${vocab.describe()}.`,
    expected: vocab.describe(),
    available: vocab.entries.map((e) => e.en),
    ...(suggested ? { did_you_mean: suggested } : {}),
  };
}

const NONE: ReadonlySet<string> = new Set();

/** The fields a value sent under an unknown key was checked under, that the caller did not send themselves. */
function checkedOnly(renamed: ReadonlyMap<string, unknown>, provided: ReadonlySet<string>): ReadonlySet<string> {
  if (renamed.size === 0) return NONE;
  return new Set([...renamed.keys()].filter((name) => !provided.has(name)));
}

/**
 * `finish` once what each lookup found is applied, in the order of the lookups. No lookup, no
 * promise: the parse then takes no turn of the microtask queue of its own.
 */
function afterApplying<R>(pending: ReadonlyArray<Promise<() => void>>, finish: () => Maybe<R>): Maybe<R> {
  if (pending.length === 0) return finish();
  return Promise.all(pending).then((applies) => {
    for (const apply of applies) apply();
    return finish();
  });
}

/**
 * Parses one call's arguments against a DTO class: collects every problem (unknown fields, shape
 * rules, enum labels, dates, references) and either returns the normalized DTO or all issues.
 */
export class InputParser {
  constructor(private readonly references: ReferenceLookup) {}

  /** Not async: a call whose references are all ids (or that names none) is parsed at once, without a promise (maybe.ts). */
  parse<T extends object>(dto: new () => T, raw: unknown, options: ParseOptions): Maybe<ParseResult<T>> {
    const { specs, byName, place, required, zone } = shapeOf(options.fields ?? fieldsOf(dto) ?? [], options.transport);
    if (raw === undefined) raw = {};
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ok: false, issues: [notAnObject(raw, options.transport)] };
    const input = raw as Record<string, unknown>;
    const issues: Issue[] = [];
    const provided = new Set<string>();
    const renamed = new Map<string, unknown>();
    let unlisted = 0;
    // The known fields are listed once, on the first unknown field that has no close match.
    let knownListedOn: string | undefined;
    // Suggestions made on shared words alone, by the field suggested: the value sent must fit it.
    let guesses: Map<string, Issue> | undefined;

    for (const key of Object.keys(input)) {
      if (byName.has(key)) {
        if (input[key] !== undefined) provided.add(key);
        continue;
      }
      if (issues.length >= MAX_UNKNOWN_LISTED) {
        unlisted++;
        continue;
      }
      const field = quoted(key);
      const received = echoUnder(key, input[key]);
      const wrapped = fieldsWrappedIn(input[key], byName);
      if (wrapped) {
        issues.push(wrapperField(field, received, wrapped));
        continue;
      }
      // One value sent for two fields, a range's date, or a sort's direction: the fields to send, none suggested alone.
      const spread =
        unknownFieldOfTwo(field, key, received, byName) ??
        unknownRangeField(field, key, received, specs) ??
        sortDirectionField(field, key, input[key], received, specs, input) ??
        pageNumberField(field, key, input[key], received, specs) ??
        countAloneField(field, key, input[key], received, specs) ??
        durationInUnitField(field, key, input[key], received, specs);
      if (spread) {
        issues.push(spread);
        continue;
      }
      const elsewhere = otherToolFor(dto, key, input[key]);
      if (elsewhere) {
        issues.push({ field, code: 'UNKNOWN_FIELD', received, message: `Unknown field '${field}': ${elsewhere}` });
        continue;
      }
      const cleared = clearingField(field, key, received, specs);
      if (cleared) {
        issues.push(cleared);
        continue;
      }
      const closest = key.length <= MAX_SUGGESTIBLE_KEY ? this.suggestField(key, specs, input[key], input) : undefined;
      // A key that takes a value away is never sent to a field that sets one.
      const suggestion = closest !== undefined && clearsWhatSets(key, closest) ? undefined : closest;
      const checkedAs = suggestion && !renamed.has(suggestion) && !byName.get(suggestion)!.opaque;
      if (checkedAs) renamed.set(suggestion, input[key]);
      if (suggestion) {
        const issue: Issue = {
          field,
          code: 'UNKNOWN_FIELD',
          received,
          message: `Unknown field '${field}'. Did you mean '${suggestion}'?${aboutField(byName.get(suggestion))}`,
          did_you_mean: suggestion,
        };
        issues.push(issue);
        if (checkedAs && isGuess(key, byName.get(suggestion)!)) (guesses ??= new Map()).set(suggestion, issue);
        continue;
      }
      const standsFor = sentUnderAlias(key, specs, input);
      if (standsFor) {
        issues.push(aliasOfSentField(field, received, standsFor, input[standsFor.name]));
        continue;
      }
      const listHere = knownListedOn === undefined;
      if (listHere) knownListedOn = field;
      issues.push(unknownField(field, received, [...byName.keys()], listHere ? undefined : knownListedOn));
    }
    if (options.outOfPlace) issues.push(...this.outOfPlace(options.outOfPlace, byName, specs));
    for (const conflict of options.conflicts ?? []) if (!conflict.unlessNamed) issues.push(conflict.issue);
    if (unlisted > 0) {
      issues.push({
        field: '(arguments)',
        code: 'UNKNOWN_FIELD',
        message: `${unlisted} more unknown fields, not listed.${knownListedOn ? '' : ` Known fields: ${[...byName.keys()].join(', ')}.`}`,
      });
    }

    // Only the fields given are read and checked (a call sends a few of a tool's many fields), in the
    // order of the fields; a value sent under a wrong name is checked under the name we suggest, in
    // this same pass, so the retry with the right name does not meet a second problem with the value.
    const given: FieldSpec[] = [];
    const values = new Map<string, unknown>();
    // Names sent beside an id in a record copied from an answer ({id, name}), by field: checked against the id's.
    let namesBeside: Map<string, string> | undefined;
    // Fields refused whole (a list of several for one value; not settable by the caller, too long,
    // broken or invisible characters): nothing else looks at their values — no parsing, no lookup,
    // no echo of a megabyte.
    const refused = new Set<string>();
    const searching = dto.prototype instanceof SearchCallDto;
    for (const name of renamed.size === 0 ? provided : [...provided, ...renamed.keys()]) {
      const spec = byName.get(name)!;
      let sent = input[name] !== undefined ? input[name] : renamed.get(name);
      // A list of records on a search's filter that reads lists: any of them, or each left out after "not" (records-named.ts).
      if (Array.isArray(sent) && takesOne(spec) && !(sent.length > 1 && takesList(spec, searching) && isListOfNames(sent))) {
        // A list sent for one value: one item is that item; several are refused (list-for-one.ts).
        const listed = oneOfList(spec, sent, specs, searching);
        if ('issue' in listed) {
          issues.push(listed.issue);
          refused.add(name);
          continue;
        }
        sent = listed.value;
      }
      const record = spec.kind === 'ref' || spec.kind === 'enum' ? presentedRecord(sent, lengthLimitOf(spec)) : undefined;
      if (record?.nameBeside !== undefined) (namesBeside ??= new Map()).set(name, record.nameBeside);
      let value = readScalarText(spec, record ? record.value : sent, options.mode);
      if (spec.blankIsAbsent && typeof value === 'string' && value.trim() === '') value = undefined;
      if (value === undefined) continue;
      values.set(name, value);
      given.push(spec);
    }
    inFieldOrder(given, place);

    for (const spec of given) {
      const value = values.get(spec.name);
      const problem = forbiddenField(spec, value, options.settable) ?? valueProblem(spec, value);
      if (problem) {
        issues.push(problem);
        refused.add(spec.name);
        values.delete(spec.name);
      } else if (typeof value === 'string') {
        values.set(spec.name, cleanText(spec, value));
      }
    }

    this.checkZone(zone, values, issues);
    const timezone = options.zone;
    this.checkScalars(dto, given, values, issues);
    for (const spec of required) {
      if (!values.has(spec.name) && !refused.has(spec.name)) issues.push(requiredIssue(spec.name, expectedOf(spec), spec.constant));
    }
    const normalized = new Map<string, unknown>();
    const resolved: Record<string, Resolved> = {};
    // Lookups run together; what each found is applied in the order of the fields, so `resolved`
    // reads the same whichever lookup answers first.
    const pending: Array<Promise<() => void>> = [];
    // Made when a field needs a lookup: most calls name their records by id, or name none. (Not a
    // named closure: the bundle keeps function names, at a property definition per closure made.)
    let lookup: ReferenceLookup | undefined;
    for (const conflict of options.conflicts ?? []) {
      const { unlessNamed } = conflict;
      const ref = byName.get(conflict.issue.field)?.ref;
      if (!unlessNamed) continue;
      if (!ref) {
        issues.push(conflict.issue);
        continue;
      }
      // The same record named otherwise is no conflict: the name is resolved as the field resolves it.
      pending.push(
        (lookup ??= sharedLookup(this.references)).resolve(ref, conflict.issue.field, unlessNamed.name, options.scope).then((r) => () => {
          if (!(r.ok && 'id' in r && r.id === unlessNamed.id)) issues.push(conflict.issue);
        }),
      );
    }

    for (const spec of given) {
      if (refused.has(spec.name)) continue;
      const value = values.get(spec.name);
      if (spec.none && value === null) {
        // A filter for no actor (a word for none is read where a name is not found: notFoundHints).
        normalized.set(spec.name, NO_RECORD);
        resolved[spec.name] = { input: value, ...NO_ONE };
        continue;
      }
      if (value === null) {
        if (spec.nullable) normalized.set(spec.name, null);
        else if (spec.required)
          issues.push({
            field: spec.name,
            code: 'REQUIRED',
            received: null,
            message: `${spec.name} is required and cannot be null.`,
            expected: expectedOf(spec),
          });
        else
          issues.push({
            field: spec.name,
            code: 'INVALID_TYPE',
            received: null,
            message: `${spec.name} cannot be null: send a value, or leave it out.`,
            expected: expectedOf(spec),
          });
        continue;
      }
      switch (spec.kind) {
        case 'text':
        case 'int':
        case 'bool':
          normalized.set(spec.name, value);
          break;
        case 'timezone':
          if (isValidTimeZone(value)) normalized.set(spec.name, value);
          break;
        case 'enum':
          this.parseEnum(spec, value, normalized, issues, resolved, namesBeside?.get(spec.name));
          break;
        case 'date':
          this.parseDateField(spec, value, timezone, options.language ?? null, normalized, issues);
          break;
        case 'choice':
          this.parseChoice(spec, value, normalized, issues, resolved, specs);
          break;
        case 'choices':
          this.parseChoices(spec, value, normalized, issues);
          break;
        case 'actors':
          // Named among the record's current actors, which only the tool reads.
          if (spec.foundByTool) {
            normalized.set(spec.name, value);
            break;
          }
          pending.push(
            resolveActorList((lookup ??= sharedLookup(this.references)), spec.name, value, options.scope).then((r) => () => {
              if (r.ok) {
                normalized.set(spec.name, r.actors);
                Object.assign(resolved, r.resolved);
              } else issues.push(...r.issues);
            }),
          );
          break;
        case 'ref': {
          if (spec.target && typeof readId(value) === 'number' && !namesBeside?.has(spec.name)) {
            // The record a tool acts on: an unknown id is the service's NOT_FOUND, not an input issue,
            // unless the call is refused anyway (withUnknownTargets). With a name beside it ({id, name}
            // copied from an answer), resolved as a reference is, so that the name is checked too.
            normalized.set(spec.name, readId(value));
            break;
          }
          {
            // What a name not found can still say is asked only then: a name found pays for none of it.
            const beside = namesBeside?.get(spec.name);
            const taken: Promise<FilterResolution> = (lookup ??= sharedLookup(this.references))
              .resolve(spec.ref!, spec.name, value, options.scope)
              .then((r) => {
                if (r.ok) return beside === undefined ? r : sameRecordNamed(r, beside, spec, lookup!, options.scope);
                const groupOf = async (input: unknown) => this.references.group?.(spec.ref!, input, options.scope);
                return notFoundHints(r, { spec, specs, value, searching, groupOf }, lookup!, options.scope);
              });
            pending.push(
              taken.then((r) => () => {
                if (!r.ok) issues.push(r.issue);
                else if ('ids' in r && r.except) {
                  normalized.set(spec.name, { not: r.except.ids, in: r.ids } satisfies NotRecord);
                  resolved[spec.name] = { input: value, ids: r.ids, names: r.names, except: r.except };
                } else if ('ids' in r && r.not) {
                  normalized.set(spec.name, { not: r.ids } satisfies NotRecord);
                  resolved[spec.name] = { input: value, ids: r.ids, names: r.names, not: true };
                } else if ('ids' in r) {
                  normalized.set(spec.name, r.ids);
                  resolved[spec.name] = { input: value, ids: r.ids, names: r.names };
                } else if (r.not) {
                  normalized.set(spec.name, { not: r.id } satisfies NotRecord);
                  resolved[spec.name] = { input: value, id: r.id, name: r.name, not: true };
                } else {
                  normalized.set(spec.name, r.id);
                  resolved[spec.name] = { input: value, id: r.id, name: r.name };
                }
              }),
            );
          }
          break;
        }
      }
    }
    // The last step is passed, not bound to a name: the bundle keeps function names, at a property
    // definition per closure made, on every call.
    return afterApplying(pending, () =>
      this.withUnknownTargets(
        finished(
          dto,
          normalized,
          redirected(withdrawn(issues, guesses, byName), checkedOnly(renamed, provided)),
          place,
          renamed.size === 0 ? provided : withRenamed(provided, renamed),
          resolved,
          renamed.size === 0 ? input : { ...Object.fromEntries(renamed), ...input },
          timezone,
        ),
        given,
        specs,
        normalized,
        resolved,
        options.scope,
        place,
      ),
    );
  }

  /**
   * A refused call's issues, with those of the records it acts on by id that the caller cannot
   * find: fixed with the rest in one retry, rather than met as NOT_FOUND after it. Looked up only on
   * a call refused anyway, so a call that passes pays nothing; a lone unknown id stays the service's.
   */
  private withUnknownTargets<T>(
    result: ParseResult<T>,
    given: readonly FieldSpec[],
    specs: readonly FieldSpec[],
    normalized: ReadonlyMap<string, unknown>,
    resolved: Readonly<Record<string, Resolved>>,
    scope: NameScope | undefined,
    place: ReadonlyMap<string, number>,
  ): Maybe<ParseResult<T>> {
    if (result.ok) return result;
    // A record acted on that is missing, refused or not found leaves nothing to check against
    // (StoredChecked): the input's problems are the answer.
    const refused = specs.some((spec) => spec.target && result.issues.some((issue) => issue.field === spec.name))
      ? { ok: false as const, issues: result.issues }
      : result;
    // Given by id (a name was resolved already), not refused, and not found by a rule of the tool's own.
    const targets = given.filter(
      (spec) => spec.kind === 'ref' && spec.target && !spec.foundByTool && typeof normalized.get(spec.name) === 'number' && !Object.hasOwn(resolved, spec.name),
    );
    if (targets.length === 0) return refused;
    return Promise.all(targets.map((spec) => this.references.resolve(spec.ref!, spec.name, normalized.get(spec.name), scope))).then((found) => {
      const unknown = found.filter((r) => !r.ok);
      if (unknown.length === 0) return refused;
      for (const r of unknown) result.issues.push(r.issue);
      inFieldPlace(result.issues, place);
      return { ok: false, issues: result.issues };
    });
  }

  /**
   * The field an unknown key clearly means, matching names and each field's aliases (manager ->
   * users_id); an alias that is a real field of the tool is that field, never another's. A field the
   * call already sets (`sent`) is not what the key meant: it is suggested neither by name nor by alias.
   */
  private suggestField(key: string, specs: FieldSpec[], value: unknown, sent: Readonly<Record<string, unknown>> = {}): string | undefined {
    const real = new Set(specs.map((s) => s.name));
    const open = specs.filter((s) => !Object.hasOwn(sent, s.name) || sent[s.name] === undefined);
    const texts: Array<readonly [string, string]> = open.map((s) => [s.name, s.name] as const);
    for (const spec of open) {
      for (const alias of spec.aliases ?? []) if (!real.has(alias)) texts.push([alias, spec.name]);
    }
    const found = closestOf(key, texts) ?? oneOrItsList(closestTied(key, texts), open, value);
    return found !== undefined && Array.isArray(value) ? (listFormOf(found, open) ?? found) : found;
  }

  /**
   * Query parameters of a route that reads its JSON body: never acted on, so each is an issue that
   * says where it belongs (a `?dry_run=true` ignored would make the write it meant to rehearse).
   */
  private outOfPlace(query: Readonly<Record<string, unknown>>, byName: ReadonlyMap<string, FieldSpec>, specs: FieldSpec[]): Issue[] {
    return Object.keys(query)
      .slice(0, MAX_UNKNOWN_LISTED)
      .map((key): Issue => {
        const field = quoted(key);
        const meant = byName.has(key) ? key : key.length <= MAX_SUGGESTIBLE_KEY ? this.suggestField(key, specs, query[key]) : undefined;
        const where = 'Query parameters are not read here: this route takes its arguments in the JSON body.';
        return {
          field,
          code: 'UNKNOWN_FIELD',
          received: echo(query[key]),
          message: meant
            ? `${where} Send '${meant}' in the body, e.g. {"${meant}": …}.`
            : `${where} '${field}' is no field of it either; known fields: ${[...byName.keys()].join(', ')}.`,
          ...(meant && meant !== key ? { did_you_mean: meant } : {}),
        };
      });
  }

  /** A zone argument that is no zone is an issue (the zone in force is then the user's: zoneInForce). */
  private checkZone(spec: FieldSpec | undefined, values: Map<string, unknown>, issues: Issue[]): void {
    const given = spec ? values.get(spec.name) : undefined;
    if (!spec || given === undefined || given === null || isValidTimeZone(given)) return;
    const suggestion = suggestTimeZone(given);
    issues.push({
      field: spec.name,
      code: 'INVALID_VALUE',
      received: echo(given),
      message: `${spec.name} '${quoted(given)}' is not an IANA time zone.${suggestion ? ` Did you mean '${suggestion}'?` : ' Use e.g. America/Sao_Paulo, Europe/Lisbon or UTC.'}`,
      expected: expectedOf(spec),
      ...(suggestion ? { did_you_mean: suggestion } : {}),
    });
  }

  /**
   * The shape rules (type, range, format) of the text, integer and boolean values given: class-validator's,
   * run for these fields only (scalar-rules.ts). Synchronously: no rule of ours is asynchronous.
   */
  private checkScalars(dto: new () => object, specs: FieldSpec[], values: Map<string, unknown>, issues: Issue[]): void {
    const plain: Record<string, unknown> = {};
    const checked: FieldSpec[] = [];
    for (const spec of specs) {
      const value = values.get(spec.name);
      if (!SCALAR_KINDS.has(spec.kind) || value === undefined || value === null) continue;
      plain[spec.name] = value;
      checked.push(spec);
    }
    if (checked.length === 0) return;
    // Own properties on a bare instance, as the rules' conditions read them: no class-transformer
    // recursion into hostile values (an object with its own `constructor` key must be an INVALID_TYPE, not a crash).
    const instance = Object.assign(Object.create(dto.prototype as object) as object, plain);
    for (const spec of checked) {
      const value = values.get(spec.name);
      const broken = brokenRules(dto, instance, spec.name, value);
      if (broken.length > 0) issues.push(issueFromValidation(broken, value, spec));
    }
  }

  /** `resolved`: a label or word says there which value it named; a filter's list or word for several values (spec.filter), which it took. */
  private parseEnum(
    spec: FieldSpec,
    value: unknown,
    out: Map<string, unknown>,
    issues: Issue[],
    resolved: Record<string, Resolved>,
    nameBeside?: string,
  ): void {
    const vocab = spec.vocab!;
    if (spec.filter && Array.isArray(value)) {
      this.parseEnumList(spec, value, out, issues, resolved);
      return;
    }
    // An operator object ({not: "closed"}, {in: [...]}, {gte: "high"}): read as its text or list is, `resolved` echoing the object.
    const operated = spec.filter ? operatorForm(value) : undefined;
    if (Array.isArray(operated)) {
      this.parseEnumList(spec, operated, out, issues, resolved, value);
      return;
    }
    const group = spec.filter && groupNamed(spec.filter, value);
    if (group) {
      out.set(spec.name, group.codes);
      resolved[spec.name] = { input: value, ids: group.codes, names: labelsOf(vocab, group.codes) };
      return;
    }
    const code = vocab.parse(value);
    if (code !== undefined && nameBeside !== undefined && vocab.parse(nameBeside) !== code) {
      issues.push(otherNameIssue(spec.name, code, nameBeside, vocab.label(code) ?? String(code), true));
      return;
    }
    if (code !== undefined) {
      out.set(spec.name, code);
      const named = vocab.named(value, code);
      if (named) resolved[spec.name] = named;
      return;
    }
    // A filter takes "not New" for every other value, ">= high" or "2-4" for those levels; where one is set, each is no value.
    // After "not", a group's word is the group's, as alone ("not open": every status but the open ones).
    const phrased = spec.filter ? (groupLeftOut(vocab.codes, spec.filter, operated ?? value) ?? vocab.valuesNamed(operated ?? value)) : undefined;
    if (phrased) {
      out.set(spec.name, phrased);
      resolved[spec.name] = { input: value, ids: phrased, names: labelsOf(vocab, phrased) };
      return;
    }
    // A filter's list written as one text ("Solved, Closed", "novo ou pendente"): read as the list,
    // a word for "not" before it leaving out each of its values ("not new, pending": neither).
    const written = typeof value === 'string' ? listWrittenIn(value) : undefined;
    if (written && spec.filter) {
      this.parseEnumList(spec, eachLeftOut(value as string) ?? written, out, issues, resolved, value);
      return;
    }
    // Where one value is set, a text naming several says so rather than that none is valid.
    const several = everyPartRead(written, (part) => vocab.parse(part));
    if (several) {
      issues.push(enumRefusal(spec, value, 'INVALID_VALUE', severalForOne(spec.name, 'one value', quoted(value), labelsOf(vocab, several))));
      return;
    }
    const { text, suggested } = notValid(vocab, value);
    const kind = typeof value === 'number' || typeof value === 'string' ? 'INVALID_VALUE' : 'INVALID_TYPE';
    issues.push(enumRefusal(spec, value, kind, `${spec.name} ${text}`, suggested));
  }

  /**
   * A filter's list of values, each a code, a label or a word for several: the codes of any of them,
   * in the vocabulary's order. Every value that is none is named in one issue.
   */
  private parseEnumList(
    spec: FieldSpec,
    values: readonly unknown[],
    out: Map<string, unknown>,
    issues: Issue[],
    resolved: Record<string, Resolved>,
    sent: unknown = values,
  ): void {
    const vocab = spec.vocab!;
    if (values.length === 0 || values.length > MAX_FILTER_VALUES) {
      issues.push(enumRefusal(spec, sent, 'INVALID_VALUE', `${spec.name} takes one value or a list of at least one and at most ${MAX_FILTER_VALUES}.`));
      return;
    }
    const parts: ListPart[] = [];
    const wrong: Array<{ text: string; suggested?: string }> = [];
    for (const value of values) {
      const part = listPartOf(vocab, spec.filter!, value);
      if (part) parts.push(part);
      else wrong.push(notValid(vocab, value));
    }
    if (wrong.length > 0) {
      issues.push(
        enumRefusal(spec, sent, 'INVALID_VALUE', `${spec.name}: ${wrong.map((w) => w.text).join(' ')}`, wrong.length === 1 ? wrong[0].suggested : undefined),
      );
      return;
    }
    const ids = codesOfParts(vocab.codes, parts);
    // What it names and what it leaves out meet nowhere ("new, not new"): a search of it would find nothing, silently.
    if (ids.length === 0) {
      issues.push(
        enumRefusal(
          spec,
          sent,
          'INVALID_VALUE',
          `${spec.name}: '${quoted(sent)}' leaves no value: what it names, it also leaves out. Send the values to find, or 'not' and those to leave out.`,
        ),
      );
      return;
    }
    out.set(spec.name, ids);
    resolved[spec.name] = { input: sent, ids, names: labelsOf(vocab, ids) };
  }

  private parseDateField(spec: FieldSpec, value: unknown, timezone: string, language: string | null, out: Map<string, unknown>, issues: Issue[]): void {
    const parsed = parseDate(value, timezone, spec.bound);
    if (parsed.ok) {
      out.set(spec.name, parsed.value);
      return;
    }
    // A wall time a DST switch repeats has its two readings, one it skips the time clocks moved to;
    // a date written in another form, its hint.
    const { suggestion, readings } =
      parsed.readings || parsed.suggestion !== undefined
        ? { suggestion: parsed.suggestion, readings: parsed.readings }
        : dateHint(value, language, timezone, spec.bound);
    const hint = suggestion ? ` Did you mean '${suggestion}'?` : readings ? readingsHint(readings) : '';
    issues.push({
      field: spec.name,
      code: 'INVALID_DATE',
      received: echo(value),
      message: `${spec.name} '${quoted(value)}' is not a valid date (${parsed.reason}).${hint} Use ${DATE_FORMATS_EXPECTED}.`,
      expected: expectedOf(spec),
      ...(suggestion ? { did_you_mean: suggestion } : {}),
      ...(readings ? { candidates: readings } : {}),
    });
  }

  /** `resolved`: the value taken, when the text sent was another word for it or a sort's direction words. */
  private parseChoice(
    spec: FieldSpec,
    value: unknown,
    out: Map<string, unknown>,
    issues: Issue[],
    resolved: Record<string, Resolved>,
    specs: readonly FieldSpec[],
  ): void {
    if (spec.constant !== undefined) {
      // A domain tool's `domain`: judged by the intent lock before the pipe runs (intent-lock.decision.ts), not decoded twice.
      out.set(spec.name, spec.constant);
      return;
    }
    const values = spec.values!;
    // `true` is read as the word "true": a choice whose words have it takes it (mine: true is any role);
    // a sort sent as an object ({date: "desc"}) as its text.
    const sortText = typeof value === 'object' && sortKeysOf(values) ? sortWrittenIn(value) : undefined;
    const text = typeof value === 'string' ? value : sortText;
    const wanted = text !== undefined ? directionWords(text) : value === true ? 'true' : value;
    const hit = typeof wanted === 'string' ? choiceNamed(spec, wanted) : undefined;
    if (hit !== undefined) {
      out.set(spec.name, hit);
      if (matchKey(String(value)) !== matchKey(hit)) resolved[spec.name] = { input: value, value: hit };
      return;
    }
    // Several values where one is taken ("priority desc, date"): each named as read, none put in their place.
    const several = everyPartRead(typeof value === 'string' ? listWrittenIn(value) : undefined, (part) => choiceNamed(spec, directionWords(part)));
    if (several) {
      issues.push({
        field: spec.name,
        code: 'INVALID_VALUE',
        received: echo(value),
        message: `${severalForOne(spec.name, 'one value', quoted(value), several)} Values: ${values.join(', ')}.`,
        expected: values.join(', '),
        available: [...values],
      });
      return;
    }
    // A flag folded into the choice ("private comment"): the choice, with the flag as its own field.
    const flagged = typeof value === 'string' ? flagInChoice(value, specs) : undefined;
    const withFlag = flagged && choiceNamed(spec, flagged.rest);
    // Else the closest value, or the value of the closest of its other words ("watchers" -> observer).
    const suggestion = withFlag ?? (typeof value === 'string' ? closestChoice(spec, value) : undefined);
    const hint = withFlag ? ` Did you mean ${spec.name} '${withFlag}' with ${flagged.flag}: true?` : suggestion ? ` Did you mean '${suggestion}'?` : '';
    issues.push({
      field: spec.name,
      code: typeof value === 'string' ? 'INVALID_VALUE' : 'INVALID_TYPE',
      received: echo(value),
      message: `${spec.name} '${quoted(value)}' is not one of: ${values.join(', ')}.${hint}`,
      expected: values.join(', '),
      available: [...values],
      ...(suggestion ? { did_you_mean: suggestion } : {}),
    });
  }

  private parseChoices(spec: FieldSpec, value: unknown, out: Map<string, unknown>, issues: Issue[]): void {
    // "*", "all", "todos" alone for the fields to answer with: every field, as when none is named.
    if (spec.name === PROJECTION && namesEveryField(value)) return;
    const list =
      typeof value === 'string'
        ? value
            .split(',')
            .map((v) => v.trim())
            .filter(Boolean)
        : value;
    if (!Array.isArray(list)) {
      issues.push({
        field: spec.name,
        code: 'INVALID_TYPE',
        received: echo(value),
        message: `${spec.name} must be a list of field names.`,
        expected: expectedOf(spec),
      });
      return;
    }
    // Each entry as read: a field name, or undefined for one that is none.
    const read = list.map((item) =>
      typeof item === 'string' ? (spec.values!.find((v) => v === item.trim()) ?? otherNumberOf(item.trim(), spec.values!)) : undefined,
    );
    if (read.includes(undefined)) {
      issues.push(unknownEntries(spec, value, list, read));
      return;
    }
    out.set(spec.name, [...new Set(read as string[])]);
  }
}

/**
 * The value a choice's text most likely meant: the closest value, or the value of the closest of its
 * other words ("watchers" -> observer) or of the words only suggested for one ("chamados" -> ticket).
 * A sort's text is its key and its direction: the key is matched with the keys and their fields'
 * other names, and the suggestion keeps the direction sent
 * ("updated_at desc" -> -date_mod); a phrase of the sort's own ("newest") only when misspelt, a
 * word it shares with one being no sign of the direction meant.
 */
function closestChoice(spec: FieldSpec, text: string): string | undefined {
  const words = wordTexts(spec.words);
  const keys = sortKeysOf(spec.values!);
  if (!keys) return closestOf(text, [...spec.values!.map((v) => [v, v] as const), ...words, ...wordTexts(spec.valueAliases)]);
  const written = directionWords(text).trim();
  const descending = written.startsWith('-');
  const key = closestOf(descending ? written.slice(1) : written, [...keys.map((k) => [k, k] as const), ...wordTexts(spec.valueAliases)]);
  if (key !== undefined) return `${descending ? '-' : ''}${key}`;
  const directionSent = descending || written !== text.trim();
  return directionSent
    ? undefined
    : closestOf(
        text,
        words.filter(([w]) => spelledAlike(text, w)),
      );
}

/** The value a choice field's text names: one of its values (case and accents ignored) or one of its other words. */
function choiceNamed(spec: FieldSpec, text: string): string | undefined {
  return spec.values!.find((v) => matchKey(v) === matchKey(text)) ?? wordMeaning(spec, text);
}

const WORD_INDEXES = new WeakMap<ChoiceWords, ReadonlyMap<string, string>>();

/** The value a choice field's other word means ("assigned" -> assignee), if it is one of them. */
function wordMeaning(spec: FieldSpec, word: string): string | undefined {
  if (!spec.words) return undefined;
  let index = WORD_INDEXES.get(spec.words);
  if (!index) WORD_INDEXES.set(spec.words, (index = wordIndex(spec.words)));
  return index.get(matchKey(word));
}

/** The words for every field of a record, as SQL and other APIs write them. */
const EVERY_FIELD = new Set(['*', 'all', 'all fields', 'every field', 'everything', 'todos', 'todos os campos', 'tudo']);

/** True when a projection's value is one word for every field ("*", ["*"], "all"), alone. */
function namesEveryField(value: unknown): boolean {
  const only = Array.isArray(value) && value.length === 1 ? (value[0] as unknown) : value;
  return typeof only === 'string' && EVERY_FIELD.has(matchKey(only));
}

/** "priority desc", "date descending", "name asc", "date:desc" -> "-priority", "-date", "name", "-date" (sort choices). */
function directionWords(value: string): string {
  const match = /^\s*(-?)([\w.]+)(?:\s+|\s*:\s*)(\S+)\s*$/.exec(value);
  const descending = match ? descendingWord(match[3]) : undefined;
  return match && descending !== undefined ? `${descending ? '-' : ''}${match[2]}` : value;
}

/**
 * INVALID_VALUE for a list of field names with entries that are none: each named with the value
 * closest to it, or that the closest of its other names stands for ("title" -> name). When every
 * such entry has one, `did_you_mean` is the whole list with them in place (the right entries kept):
 * sent as it is, it asks for every field meant. A suggestion for one entry alone would drop the others.
 */
function unknownEntries(spec: FieldSpec, value: unknown, list: readonly unknown[], read: ReadonlyArray<string | undefined>): Issue {
  const targets = [...spec.values!.map((v) => [v, v] as const), ...wordTexts(spec.valueAliases)];
  // The field closest to each entry that is none (undefined: nothing is close), by its place in the list.
  const closest = read.map((hit, i) => (hit === undefined ? closestOf(quoted(list[i]), targets) : undefined));
  const unknown = read.flatMap((hit, i) => (hit === undefined ? [i] : []));
  const named = unknown
    .slice(0, UNKNOWN_ENTRIES_NAMED)
    .map((i) => `'${quoted(list[i])}'${closest[i] ? ` (did you mean '${closest[i]}'?)` : ''}`)
    .join(', ');
  const more = unknown.length > UNKNOWN_ENTRIES_NAMED ? ` and ${unknown.length - UNKNOWN_ENTRIES_NAMED} more` : '';
  const corrected = unknown.every((i) => closest[i] !== undefined) ? [...new Set(read.map((hit, i) => hit ?? closest[i]!))] : undefined;
  return {
    field: spec.name,
    code: 'INVALID_VALUE',
    received: echo(value),
    message: `${spec.name}: unknown ${unknown.length === 1 ? 'entry' : 'entries'} ${named}${more}. Available: ${spec.values!.join(', ')}.`,
    expected: expectedOf(spec),
    available: [...spec.values!],
    ...(corrected ? { did_you_mean: corrected.join(', ') } : {}),
  };
}

const INTEGER_TEXT = new RegExp(String.raw`^\s*([+-]?\d{1,15})${ZERO_FRACTION}\s*$`);
/** A percentage: its sign or its word after the number ("60%", "60 percent", "60 por cento", "60pct"). */
const PERCENT_TEXT = new RegExp(String.raw`^\s*([+-]?\d{1,15})${ZERO_FRACTION}(?:\s*(?:%|percent|per cent|por ?cento|pct))?\s*$`, 'i');

/**
 * Integers and booleans sent as text: "60" and "60.0" (for a percentage also "60%", "60 percent") are 60, a
 * duration's "1h30" or "90 min" its seconds (dates/duration.ts), "true"/"false" and the yes/no
 * words of English and pt-BR the booleans (vocab/boolean-words.ts), and so are 1 and 0 (as GLPI
 * writes them), as numbers or text. Unambiguous, and what models often send; anything else is left
 * as sent, for the scalar checks to refuse with the expected form. A query string carries only
 * text, so there an empty optional value is no value.
 */
function readScalarText(spec: FieldSpec, value: unknown, mode: 'json' | 'query'): unknown {
  if (spec.digits !== undefined) return codeText(value);
  // GLPI's own API writes its booleans as 1 and 0, and so do models that learnt it.
  if (spec.kind === 'bool') return flagValue(value, spec.flagWords) ?? (mode === 'query' && value === '' && !spec.required ? undefined : value);
  if (typeof value !== 'string') return value;
  if (spec.kind === 'int' && spec.unit === DURATION_UNIT) return durationSeconds(value) ?? value;
  if (spec.kind === 'int') {
    const match = (spec.unit?.startsWith('percent') ? PERCENT_TEXT : INTEGER_TEXT).exec(value);
    if (match) return Number(match[1]);
  }
  if (mode === 'query' && value === '' && !spec.required) return undefined;
  return value;
}

/**
 * A one-time code as sent (FieldSpec.digits): a whole non-negative number as its digits, a text
 * without the spaces and dashes a person reads between them. valueProblem judges what is left.
 */
function codeText(value: unknown): unknown {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? String(value) : value;
  return typeof value === 'string' ? value.replace(/[\s-]/g, '') : value;
}

/** No field failed: what a clean call's cross-check is given (no set made per call). */
const NO_FIELDS: ReadonlySet<string> = new Set();

/**
 * The fields sent, with those a value was sent for under another name (checked there in the same
 * pass): a refused call's checks against the stored record judge them too, as a create's cross-checks
 * do, and show them as sent. Such a call is refused anyway (its unknown field), so nothing is written.
 */
function withRenamed(provided: ReadonlySet<string>, renamed: ReadonlyMap<string, unknown>): Set<string> {
  return new Set([...provided, ...renamed.keys()]);
}

/** Issues in the order of the tool's fields; those of no field (the arguments as a whole) last. */
export function inFieldPlace(issues: Issue[], place: ReadonlyMap<string, number>): void {
  issues.sort((a, b) => (place.get(a.field) ?? 999) - (place.get(b.field) ?? 999));
}

/** The parse's answer once every lookup has been applied: the DTO, or every issue in field order. */
function finished<T extends object>(
  dto: new () => T,
  normalized: ReadonlyMap<string, unknown>,
  issues: Issue[],
  place: ReadonlyMap<string, number>,
  provided: Set<string>,
  resolved: Record<string, Resolved>,
  sent: Readonly<Record<string, unknown>>,
  zone: string,
): ParseResult<T> {
  const out = new dto();
  for (const [key, value] of normalized) (out as Record<string, unknown>)[key] = value;
  const checked = dto as unknown as CrossChecked<T>;
  if (checked.crossCheck) {
    const failed = issues.length === 0 ? NO_FIELDS : new Set(issues.map((issue) => issue.field));
    // The rules read parsed values (a date, an id); the caller is shown what it sent.
    for (const issue of checked.crossCheck(out, failed, zone)) issues.push(asSent(issue, sent));
  }

  if (issues.length > 0) {
    inFieldPlace(issues, place);
    if (!(dto as Partial<StoredChecked>).checksStoredRecord) return { ok: false, issues };
    const failed = new Set(issues.map((issue) => issue.field));
    // What failed is left out whole, value and all: a check of the record judges only what parsed.
    for (const field of failed) Reflect.deleteProperty(out, field);
    const parsed = new Set([...provided].filter((field) => !failed.has(field)));
    return { ok: false, issues, partial: attachMeta(out, { provided: parsed, resolved, sent, pending: issues }) };
  }
  return { ok: true, value: attachMeta(out, { provided, resolved, sent }) };
}
