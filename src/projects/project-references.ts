import type { EntityManager } from 'typeorm';
import { entityLineOf } from '../auth/entity-line.js';
import type { Resolved } from '../envelope/envelope.js';
import type { Issue } from '../envelope/issue.js';
import type { ActorRef } from '../input/references/actor-list.js';
import type { NameScope } from '../input/references/reference-scope.js';
import { type ReferenceKept, type ReferenceNamed, unseenReferenceIssues } from '../writes/entity-fit.js';

/** A project as stored: where it is and its group. */
interface StoredProject {
  entities_id: number;
  groups_id: number | null;
}

/**
 * Issues for a project's group not seen from the project's entity (writes/entity-fit.ts): the one
 * `values` names, and, when `values` moves the project (`current`: the stored one), the one it keeps.
 */
export function projectGroupIssues(
  manager: EntityManager,
  values: Readonly<Record<string, unknown>>,
  current: StoredProject | undefined,
  resolved: Readonly<Record<string, Resolved>>,
  scope: NameScope | undefined,
): Promise<Issue[]> {
  const entityId = Number(values.entities_id ?? current?.entities_id);
  const named: ReferenceNamed[] = typeof values.groups_id === 'number' ? [{ kind: 'group', id: values.groups_id, field: 'groups_id' }] : [];
  const moved = current !== undefined && values.entities_id !== undefined && entityId !== Number(current.entities_id);
  const kept: ReferenceKept[] =
    moved && values.groups_id === undefined && current.groups_id !== null
      ? [{ kind: 'group', id: Number(current.groups_id), change: 'Change groups_id (or send null)' }]
      : [];
  const move = moved ? ({ field: 'entities_id', code: 'INVALID_VALUE', received: resolved.entities_id?.input ?? entityId } as const) : undefined;
  return unseenReferenceIssues(manager, { noun: 'project', line: entityLineOf(manager, entityId), move }, named, kept, resolved, scope);
}

/** Issues for the groups a task's team gains that are not seen from its project's entity (a task is in its project's entity). */
export function teamGroupIssues(
  manager: EntityManager,
  projectEntityId: number,
  members: ReadonlyArray<{ field: string; actors: readonly ActorRef[] | undefined }>,
  resolved: Readonly<Record<string, Resolved>>,
  scope: NameScope | undefined,
): Promise<Issue[]> {
  const named: ReferenceNamed[] = members.flatMap(({ field, actors }) =>
    (actors ?? []).filter((a) => a.type === 'group').map((a) => ({ kind: 'group' as const, id: a.id, field })),
  );
  return unseenReferenceIssues(manager, { noun: 'project', line: entityLineOf(manager, projectEntityId) }, named, [], resolved, scope);
}
