import type { FieldSpec } from '../field-spec.js';
import { referenceKind } from './reference-kinds.js';
import { type Resolution, withoutSpelling } from './reference-resolver.js';

/** The issues withOtherKindHint made, with the one field that takes the value and the sentence that says so. */
const SENT_AS = new WeakMap<object, { field: string; sentence: string }>();

/**
 * The one field of the call that takes the value an issue of withOtherKindHint's was about, and the
 * sentence saying so; undefined for any other issue, or when several fields would.
 */
export function takenInstead(issue: object): { field: string; sentence: string } | undefined {
  return SENT_AS.get(issue);
}

/** Reference kinds a model confuses: a person and a team are both "who" (assignee, approver, manager). */
const COUNTERPART: Readonly<Record<string, string>> = { user: 'group', group: 'user' };

/** The part of a field's name that says its role: `assignee_id` and `assignee_group_id` are both "assignee". */
function roleOf(name: string): string {
  return name.replace(/(_group)?_id$/, '').replace(/^(users|groups)$/, '');
}

/**
 * The field of the call that takes the other kind of "who" for the same role, when a name was not
 * found as `spec`'s kind: `approver_id` for `approver_group_id` and back. The field of the same role
 * first; else the only field of the other kind. None when the call has no such field, or several
 * and none of the same role (a hint must be right or absent).
 */
export function otherKindField(spec: FieldSpec, fields: readonly FieldSpec[]): FieldSpec | undefined {
  const other = spec.ref ? COUNTERPART[spec.ref] : undefined;
  if (!other) return undefined;
  const candidates = fields.filter((f) => f.kind === 'ref' && f.ref === other && !f.target);
  const role = roleOf(spec.name);
  return candidates.find((f) => role !== '' && roleOf(f.name) === role) ?? (candidates.length === 1 ? candidates[0] : undefined);
}

/**
 * The fields of the call that may hold a name not found as `spec`'s kind: for a "who", the other
 * kind's field of the same role (otherKindField); for anything else (an entity, a location, a
 * category…), every other reference field of the call that takes no "who" and is not the record
 * the call acts on ("Sede", an entity and a location, sent as a category).
 */
function fieldsThatMayHold(spec: FieldSpec, fields: readonly FieldSpec[]): FieldSpec[] {
  if (!spec.ref) return [];
  if (COUNTERPART[spec.ref]) {
    const other = otherKindField(spec, fields);
    return other ? [other] : [];
  }
  return fields.filter((f) => f.kind === 'ref' && f.ref !== undefined && f.ref !== spec.ref && !COUNTERPART[f.ref] && !f.target);
}

/**
 * A name not found as `spec`'s kind that another field of the call takes says so, with that field:
 * "'Service Desk' is a group (Service Desk): send it as assignee_group_id.", "'Rede' is found in ITIL
 * categories (Rede), not in entities: send it as itilcategories_id." The name was sent as it is
 * elsewhere, so no spelling of this kind is suggested. Asked only on the way to a
 * REFERENCE_NOT_FOUND answer, with the caller's scope, so it names nothing the caller could not.
 */
export async function withOtherKindHint(
  answer: Resolution,
  spec: FieldSpec,
  fields: readonly FieldSpec[],
  value: unknown,
  resolveAs: (kind: string, field: string) => Promise<Resolution>,
): Promise<Resolution> {
  if (answer.ok || answer.issue.code !== 'REFERENCE_NOT_FOUND' || typeof value !== 'string') return answer;
  const others = fieldsThatMayHold(spec, fields);
  const resolved = await Promise.all(others.map((other) => resolveAs(other.ref!, other.name)));
  const found = others.flatMap((field, i) => {
    const each = resolved[i];
    return each.ok ? [{ field, name: each.name }] : [];
  });
  if (found.length === 0) return answer;
  const sentence = COUNTERPART[spec.ref!]
    ? `'${value}' is a ${found[0].field.ref} (${found[0].name}): send it as ${found[0].field.name}.`
    : `'${value}' is found in ${found.map((f) => `${referenceKind(f.field.ref!).label} (${f.name})`).join(' and in ')}, not in ${referenceKind(spec.ref!).label}: send it as ${found.map((f) => f.field.name).join(' or ')}.`;
  const issue = withoutSpelling(answer.issue);
  const hinted = { ...issue, message: `${sentence} ${issue.message}` };
  if (found.length === 1) SENT_AS.set(hinted, { field: found[0].field.name, sentence });
  return { ok: false, issue: hinted };
}
