import type { Issue } from '../envelope/issue.js';
import { actorRefsIn } from '../input/references/current-actors.js';
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
 * and removed (`removed`: the removal lists as found among the ticket's actors, in place of those sent).
 */
export function actorConflicts(input: object, removed?: Readonly<Record<string, unknown>>): Issue[] {
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
    // Removals named by name are found among the ticket's actors later (resolveRemovals), and checked again with them (`removed`).
    const added = actorRefsIn(given[`add_${role}`]);
    const taken = new Set(actorRefsIn((removed ?? given)[`remove_${role}`]).map((a) => `${a.type}:${a.id}`));
    const both = added.filter((a) => taken.has(`${a.type}:${a.id}`));
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
