import type { EntityManager } from 'typeorm';
import { ProjectTaskTeam, ProjectTaskTicket } from '../../database/entities/index.js';
import type { ActorRef } from '../../input/references/actor-list.js';

/** GLPI's itemtype of a team member row: users and groups both join a task's team. */
const ITEMTYPE = { user: 'User', group: 'Group' } as const;

/** Adds members to a task's team (each once) and removes others. */
export async function changeTeam(manager: EntityManager, taskId: number, added: readonly ActorRef[], removed: readonly ActorRef[]): Promise<void> {
  for (const member of added) {
    const row = { projecttasks_id: taskId, itemtype: ITEMTYPE[member.type], items_id: member.id };
    if ((await manager.count(ProjectTaskTeam, { where: row })) === 0) await manager.insert(ProjectTaskTeam, row);
  }
  for (const member of removed) await manager.delete(ProjectTaskTeam, { projecttasks_id: taskId, itemtype: ITEMTYPE[member.type], items_id: member.id });
}

/** Links tickets to a task (each once) and unlinks others. */
export async function changeTickets(manager: EntityManager, taskId: number, linked: readonly number[], unlinked: readonly number[]): Promise<void> {
  for (const ticket of linked) {
    const row = { projecttasks_id: taskId, tickets_id: ticket };
    if ((await manager.count(ProjectTaskTicket, { where: row })) === 0) await manager.insert(ProjectTaskTicket, row);
  }
  for (const ticket of unlinked) await manager.delete(ProjectTaskTicket, { projecttasks_id: taskId, tickets_id: ticket });
}
