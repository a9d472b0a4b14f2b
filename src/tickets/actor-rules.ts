import type { Issue } from '../envelope/issue.js';
import type { ActorRef } from '../input/references/actor-list.js';
import { type Role, ROLE_NAMES } from './ticket-actors.js';

/** The single-value field that is part of each role. */
const SINGLES: Record<Role, readonly string[]> = { requesters: ['requester_id'], observers: [], assignees: ['assignee_id', 'assignee_group_id'] };

/**
 * What to send instead of a role's list with other fields of the role: add_/remove_ when the call
 * sent them (only ticket_update has them), else everyone in the list or the single-value fields alone.
 */
function wholeListOr(role: Role, changes: readonly string[], singles: readonly string[]): string {
  if (changes.length > 0) return `Send ${role} alone, or change the list with add_${role} / remove_${role}.`;
  const named = singles.join(' and ');
  return `Send everyone in ${role}, ${named} included, or ${named} alone.`;
}

/**
 * Actor fields that contradict each other in one call: a role's list replaces it, so it goes with
 * neither add_/remove_ of that role nor the role's single-value field; and nobody is both added
 * and removed.
 */
export function actorConflicts(input: object): Issue[] {
  const given = input as Record<string, unknown>;
  const issues: Issue[] = [];
  for (const role of ROLE_NAMES) {
    const changes = [`add_${role}`, `remove_${role}`].filter((name) => given[name] !== undefined);
    const singles = SINGLES[role].filter((name) => given[name] !== undefined);
    if (given[role] !== undefined && changes.length + singles.length > 0) {
      issues.push({
        field: role,
        code: 'INVALID_VALUE',
        message: `${role} replaces the whole list; it cannot be sent with ${[...changes, ...singles].join(', ')}. ${wholeListOr(role, changes, singles)}`,
      });
    }
    const added = (given[`add_${role}`] as ActorRef[] | undefined) ?? [];
    const removed = new Set(((given[`remove_${role}`] as ActorRef[] | undefined) ?? []).map((a) => `${a.type}:${a.id}`));
    const both = added.filter((a) => removed.has(`${a.type}:${a.id}`));
    if (both.length) {
      issues.push({
        field: `add_${role}`,
        code: 'INVALID_VALUE',
        message: `${both.map((a) => `${a.type} ${a.id}`).join(', ')} both added to and removed from ${role}. Send each actor in one of the two.`,
      });
    }
  }
  return issues;
}
