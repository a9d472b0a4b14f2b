import type { EntityManager } from 'typeorm';
import { placeholders } from '../database/sql-texts.js';
import type { Resolved } from '../envelope/envelope.js';
import type { Issue } from '../envelope/issue.js';

// A deactivated user can no longer act: a write names them nowhere new (an actor of a ticket, an
// approver, a task's technician or member, a project's manager). Those already there stay.

/** A user a write names, and the field that named them. */
export interface UserNamed {
  userId: number;
  field: string;
}

/**
 * Issues for users a write names to act on the work (an approver, a task's technician or member, a
 * project's manager) who are deactivated: they could never answer or do it. One query, asked only
 * when a user is named.
 */
export async function inactiveUserIssues(
  manager: EntityManager,
  named: ReadonlyArray<UserNamed>,
  resolved: Readonly<Record<string, Resolved>>,
): Promise<Issue[]> {
  if (!named.length) return [];
  const ids = [...new Set(named.map((n) => n.userId))];
  const rows = (await manager.query(
    `SELECT u.id AS id, u.name AS name FROM glpi_users u WHERE u.is_active = 0 AND u.id IN (${placeholders(ids.length)})`,
    ids,
  )) as Array<{
    id: number | string;
    name: string;
  }>;
  const inactive = new Map(rows.map((row) => [Number(row.id), String(row.name)]));
  return named.filter((n) => inactive.has(n.userId)).map((n) => issueOnNamed(n, deactivated(inactive.get(n.userId)!), resolved));
}

/** Why a deactivated user is named nowhere new. */
export function deactivated(login: string): string {
  return `${login} is deactivated: reactivate them (user_update is_active true) or choose another.`;
}

/** The issue on the field that named the user, with what was sent for them. */
export function issueOnNamed(added: UserNamed, message: string, resolved: Readonly<Record<string, Resolved>>): Issue {
  for (const [field, r] of Object.entries(resolved)) {
    const named = field === added.field || field.startsWith(`${added.field}[`);
    if (named && 'id' in r && r.id === added.userId && (r as { type?: string }).type !== 'group')
      return { field, code: 'INVALID_VALUE', received: r.input, message };
  }
  return { field: added.field, code: 'INVALID_VALUE', received: added.userId, message };
}
