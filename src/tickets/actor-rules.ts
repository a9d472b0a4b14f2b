import type { Issue } from '../envelope/issue.js';
import type { ActorRef } from '../input/references/actor-list.js';
import { type Role, ROLE_NAMES } from './ticket-actors.js';

/** The single-value field that is part of each role. */
const SINGLES: Record<Role, readonly string[]> = { requesters: ['requester_id'], observers: [], assignees: ['assignee_id', 'assignee_group_id'] };

/**
 * Actor fields that contradict each other in one call: a role's list replaces it, so it goes with
 * neither add_/remove_ of that role nor the role's single-value field; and nobody is both added
 * and removed.
 */
export function actorConflicts(input: object): Issue[] {
  const given = input as Record<string, unknown>;
  const issues: Issue[] = [];
  for (const role of ROLE_NAMES) {
    const others = [`add_${role}`, `remove_${role}`, ...SINGLES[role]].filter((name) => given[name] !== undefined);
    if (given[role] !== undefined && others.length) {
      issues.push({
        field: role,
        code: 'INVALID_VALUE',
        message: `${role} replaces the whole list; it cannot be sent with ${others.join(', ')}. Send ${role} alone, or change the list with add_${role} / remove_${role}.`,
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
