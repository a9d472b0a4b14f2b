import { echo } from '../envelope/echo.js';
import type { Issue } from '../envelope/issue.js';
import type { FieldSpec } from './field-spec.js';
import { expectedOf } from './issue-messages.js';
import { MOST_LISTED, takesList } from './references/records-named.js';
import { referenceKind } from './references/reference-kinds.js';

/**
 * The list field a list sent under a single-value field's name means: `<x>_id` takes one, `<x>s`
 * (or, on a tool that only adds, `add_<x>s`) takes many (assignee_id -> assignees, member_id ->
 * add_members); a group field's list is the same actors' (assignee_group_id -> assignees: an actor
 * list takes users and groups). Suggesting the single field would have the retry fail on the value's shape.
 */
export function listFormOf(name: string, specs: readonly FieldSpec[]): string | undefined {
  const single = /^(.+)_id$/.exec(name)?.[1];
  if (!single) return undefined;
  const bases = [single, ...(single.endsWith('_group') ? [single.slice(0, -'_group'.length)] : [])];
  const candidates = bases.flatMap((base) => [`${base}s`, `add_${base}s`]);
  return candidates.find((candidate) => specs.find((s) => s.name === candidate)?.kind === 'actors');
}

/**
 * Whether a field takes one value, so that a JSON list sent for it is read by oneOfList. Lists are
 * the value of a list field (`choices`, `actors`) and one of the forms of a search's enum filter.
 */
export function takesOne(spec: FieldSpec): boolean {
  return spec.kind !== 'choices' && spec.kind !== 'actors' && !(spec.kind === 'enum' && spec.filter);
}

/** A JSON list of one is its item (models wrap a single value as often as not); anything else is itself. */
export function itemOfOne(value: unknown): unknown {
  return Array.isArray(value) && value.length === 1 ? value[0] : value;
}

/**
 * A JSON list sent for a field that takes one value (takesOne). A list of one is that one: models
 * wrap a single value as often as not. A list of several is refused, naming none of its items in
 * place of the others: the field takes one. For a reference, a search is told to call once for
 * each, and so is a tool sent several records to act on; a write's reference is told to send one
 * or, where the tool has a list of the same actors, to send them all there.
 */
export function oneOfList(spec: FieldSpec, list: readonly unknown[], specs: readonly FieldSpec[], searching: boolean): { value: unknown } | { issue: Issue } {
  if (list.length === 1) return { value: itemOfOne(list) };
  // A filter that reads lists gets here with one it cannot read: too long, or not of names and ids.
  if (list.length > 1 && takesList(spec, searching)) return { issue: notAList(spec, list) };
  const reference = spec.kind === 'ref';
  const label = spec.ref ? referenceKind(spec.ref).label : 'records';
  // A write that takes several (a task's tickets) gets here with an empty list only: a longer one is read, or refused above.
  const one = reference ? `one of the ${label}${spec.several ? ' or a list of them' : ''}` : 'one value';
  const listField = reference && !searching ? listFormOf(spec.name, specs) : undefined;
  const instead =
    list.length === 0
      ? `send ${spec.several ? 'at least one' : 'one'}${spec.nullable ? ', or null to clear it' : ''}`
      : reference && searching
        ? 'to search several, call once for each'
        : spec.target
          ? 'call once for each'
          : listField
            ? `send one, or send them all as ${listField}`
            : 'send one';
  const sent = list.length === 0 ? 'the list sent is empty' : `the list sent names ${list.length}`;
  return {
    issue: {
      field: spec.name,
      code: 'INVALID_TYPE',
      received: echo(list),
      message: `${spec.name} takes ${one}, and ${sent}: ${instead}.`,
      expected: expectedOf(spec),
      ...(spec.kind === 'choice' ? { available: [...spec.values!] } : {}),
    },
  };
}

/** A list a filter that reads lists cannot read: more than MOST_LISTED, or holding what is no name or id. */
function notAList(spec: FieldSpec, list: readonly unknown[]): Issue {
  const label = spec.ref ? referenceKind(spec.ref).label : 'records';
  const sent = list.length > MOST_LISTED ? `names ${list.length}` : 'holds what is no name or id';
  return {
    field: spec.name,
    code: 'INVALID_TYPE',
    received: echo(list),
    message: `${spec.name} takes one of the ${label}, or a list of at most ${MOST_LISTED} of their names or ids, and the list sent ${sent}.`,
    expected: expectedOf(spec),
  };
}
