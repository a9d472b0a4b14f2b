import type { FieldSpec } from '../field-spec.js';
import type { Resolution } from './reference-resolver.js';

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
 * A name not found as a user that is a group's (or back) says so, with the field that takes it:
 * "'Service Desk' is a group (Service Desk): send it as assignee_group_id." Asked only on the way to
 * a REFERENCE_NOT_FOUND answer, with the caller's scope, so it names nothing the caller could not.
 */
export async function withOtherKindHint(
  answer: Resolution,
  spec: FieldSpec,
  fields: readonly FieldSpec[],
  value: unknown,
  resolveAs: (kind: string, field: string) => Promise<Resolution>,
): Promise<Resolution> {
  if (answer.ok || answer.issue.code !== 'REFERENCE_NOT_FOUND' || typeof value !== 'string') return answer;
  const other = otherKindField(spec, fields);
  if (!other?.ref) return answer;
  const found = await resolveAs(other.ref, other.name);
  if (!found.ok) return answer;
  const sentence = `'${value}' is a ${other.ref} (${found.name}): send it as ${other.name}.`;
  return { ok: false, issue: { ...answer.issue, message: `${sentence} ${answer.issue.message}` } };
}
