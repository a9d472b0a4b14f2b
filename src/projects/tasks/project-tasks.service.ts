import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { visibleTickets } from '../../auth/visibility.js';
import { ProjectTask } from '../../database/entities/index.js';
import { placeholders } from '../../database/sql-texts.js';
import { DeskError } from '../../envelope/desk-error.js';
import { type Answer, INSERTED } from '../../envelope/envelope.js';
import type { Issue } from '../../envelope/issue.js';
import { datesAgainstStored } from '../../input/date-order.js';
import { failedFields, metaOf } from '../../input/input-meta.js';
import type { ActorRef } from '../../input/references/actor-list.js';
import { currentActorsNamed, type Removals, resolveRemovals } from '../../input/references/current-actors.js';
import { nameScopeOf } from '../../input/references/reference-scope.js';
import { appliedView, type OutputField, Presenter, type Row, type View } from '../../present/presenter.js';
import { matchKey } from '../../text/normalize.js';
import { viewerOf } from '../../tickets/tickets.repository.js';
import type { Call } from '../../tools/call.js';
import { Tool } from '../../tools/tool.decorator.js';
import { inactiveUserIssues, type UserNamed } from '../../users/inactive-users.js';
import { refuseProblems } from '../../writes/all-problems.js';
import { changedValues } from '../../writes/changed-values.js';
import { updateMessage } from '../../writes/update-message.js';
import { WriteUnit } from '../../writes/write-unit.js';
import { teamGroupIssues } from '../project-references.js';
import { ProjectsRepository } from '../projects.repository.js';
import { membersAddedAndRemoved, SaveProjectTaskDto, ticketsIn } from './dto/save-project-task.dto.js';
import { changeTeam, changeTickets, teamApplied, teamOf } from './task-team.js';

const WRITABLE = ['name', 'content', 'plan_start_date', 'plan_end_date', 'percent_done', 'projectstates_id'] as const;

/** A project task as project_get shows it. */
export const PROJECT_TASK_OUTPUT: readonly OutputField[] = [
  { name: 'id', kind: 'int' },
  { name: 'name', kind: 'plain' },
  { name: 'content', kind: 'plain' },
  { name: 'projectstates_id', kind: 'ref', ref: 'projectState' },
  { name: 'percent_done', kind: 'int' },
  { name: 'plan_start_date', kind: 'date' },
  { name: 'plan_end_date', kind: 'date' },
];

/** GLPI's project tasks: planned work of a project, with a team and the tickets it answers. */
@Injectable()
export class ProjectTasksService {
  constructor(
    private readonly projects: ProjectsRepository,
    private readonly presenter: Presenter,
    private readonly writes: WriteUnit,
    private readonly dataSource: DataSource,
  ) {}

  @Tool({
    name: 'project_task_save',
    domain: 'project',
    access: 'create',
    title: 'Create or change a project task',
    summary: 'Creates (no id) or changes (id) a project task; members: users or groups.',
    notFor: 'the project (project_update).',
    example: { projects_id: 'Migração ERP', name: 'Migrar dados', member_id: 'tech' },
    input: SaveProjectTaskDto,
    locks: { table: 'glpi_projecttasks', fields: ['id'] },
  })
  async save(input: SaveProjectTaskDto, call: Call): Promise<Answer> {
    const meta = metaOf(input);
    return this.writes.run(call, input, async ({ manager, now }) => {
      const given = input as unknown as Record<string, unknown>;
      let values: Record<string, unknown> = {};
      for (const column of WRITABLE) if (given[column] !== undefined) values[column] = given[column];
      let id = input.id;
      let removals: Removals;
      // Members the call adds are active users, asked once for both ways in.
      const inactive = await inactiveUserIssues(manager, membersNamed(input), metaOf(input).resolved);
      if (id === undefined) {
        // A field sent but unreadable is already a problem of its own.
        const failed = failedFields(input);
        const missing = (['projects_id', 'name'] as const).filter((field) => !input[field] && !failed.has(field));
        removals = await this.removedMembers(manager, undefined, input);
        refuseProblems(call, input, [
          ...removals.issues,
          ...missing.map((field) => ({
            field,
            code: 'REQUIRED' as const,
            received: null,
            message: `${field} is required to create a task (or send id to change one).`,
          })),
          ...inactive,
          ...(await this.teamIssues(manager, input.projects_id, input, call)),
        ]);
        const { projects_id: projectId, name } = input;
        if (projectId === undefined || !name) throw new Error('unreachable: a missing field is a problem refuseProblems answered');
        const project = await this.projects.findVisibleOrFail(projectId, call.principal.scope, manager);
        values.projects_id = projectId;
        values.percent_done ??= 0;
        const result = await manager.insert(ProjectTask, {
          ...values,
          name_key: matchKey(name),
          entities_id: Number(project.entities_id),
          users_id: call.principal.userId,
          date_creation: now,
          date_mod: now,
        });
        id = Number(result.identifiers[0].id);
      } else {
        const task = await manager.findOne(ProjectTask, { where: { id } });
        if (!task || !(await this.projects.findVisible(task.projects_id, call.principal.scope, manager))) throw DeskError.notFound('Project task', id);
        const stored = task as unknown as Record<string, unknown>;
        removals = await this.removedMembers(manager, id, input);
        refuseProblems(call, input, [
          ...removals.issues,
          ...datesAgainstStored(values, stored, [['plan_start_date', 'plan_end_date']], call.zone, failedFields(input)),
          ...inactive,
          ...(await this.teamIssues(manager, input.projects_id ?? task.projects_id, input, call)),
        ]);
        values = changedValues(values, stored);
        if (input.projects_id !== undefined && input.projects_id !== task.projects_id) {
          await this.projects.findVisibleOrFail(input.projects_id, call.principal.scope, manager);
          values.projects_id = input.projects_id;
        }
        const key = typeof values.name === 'string' ? { name_key: matchKey(values.name) } : {};
        if (Object.keys(values).length) await manager.update(ProjectTask, { id }, { ...values, ...key, date_mod: now });
      }
      const added = membersAdded(input);
      const removed = removals.lists.remove_members ?? [];
      const team = await changeTeam(manager, id, added, removed);
      const tickets = await changeTickets(manager, id, ticketsIn(input.tickets_id), ticketsIn(input.remove_tickets_id));
      const applied = appliedView({ ...values, ...teamApplied(input, team, tickets) }, call.zone);
      const created = input.id === undefined;
      return {
        message: created ? `Project task ${id} created.` : Object.keys(applied).length ? `Project task ${id} saved.` : updateMessage('project task', id, 0),
        id,
        [INSERTED]: created,
        applied,
        resolved: { ...meta.resolved, ...removals.resolved },
      };
    });
  }

  /**
   * The members the call takes off the team, found among those in it now (a task being created has
   * none): whoever may change the task may take off anyone in its team, whether or not they could add them.
   */
  private async removedMembers(manager: EntityManager, taskId: number | undefined, input: SaveProjectTaskDto): Promise<Removals> {
    if (input.remove_members === undefined) return { lists: {}, resolved: {}, issues: [] };
    const team = taskId === undefined ? [] : await currentActorsNamed(manager, await teamOf(manager, taskId));
    const adding = await currentActorsNamed(manager, membersAdded(input));
    const role = taskId === undefined ? 'members of the new task' : `members of task ${taskId}`;
    const removals = await resolveRemovals([{ field: 'remove_members', value: input.remove_members, among: team, adding, role }]);
    removals.issues.push(
      ...membersAddedAndRemoved({ member_id: input.member_id, add_members: input.add_members, remove_members: removals.lists.remove_members }),
    );
    return removals;
  }

  /**
   * The groups the call adds to the team are seen from the entity of the task's project (`projectId`:
   * where the task is, or goes); not judged when that project is not one the caller sees (a refusal of its own).
   */
  private async teamIssues(manager: EntityManager, projectId: number | undefined, input: SaveProjectTaskDto, call: Call): Promise<Issue[]> {
    if (projectId === undefined || !input.add_members?.some((member) => member.type === 'group')) return [];
    const project = await this.projects.findVisible(projectId, call.principal.scope, manager);
    if (!project) return [];
    const members = [{ field: 'add_members', actors: input.add_members }];
    return teamGroupIssues(manager, Number(project.entities_id), members, metaOf(input).resolved, nameScopeOf(call.principal, call.zone));
  }

  /** The tasks of a project, with their members (users and groups) and the tickets the caller may see, as project_get shows them. */
  async tasksOf(projectId: number, call: Call): Promise<View[]> {
    const rows = (await this.dataSource.query(
      'SELECT id, name, content, projectstates_id, percent_done, plan_start_date, plan_end_date FROM glpi_projecttasks WHERE projects_id = ? ORDER BY id',
      [projectId],
    )) as Row[];
    if (rows.length === 0) return [];
    const ids = rows.map((r) => Number(r.id));
    const marks = placeholders(ids.length);
    const viewer = viewerOf(call.principal);
    const visible = visibleTickets('t', viewer.scope, viewer.ownerId);
    type Linked = { task: number; id: number; name: string };
    const [members, tickets] = (await Promise.all([
      this.dataSource.query(
        `SELECT m.projecttasks_id AS task, m.itemtype AS itemtype, m.items_id AS id, COALESCE(u.name, g.name) AS name FROM glpi_projecttaskteams m
         LEFT JOIN glpi_users u ON m.itemtype = 'User' AND u.id = m.items_id LEFT JOIN glpi_groups g ON m.itemtype = 'Group' AND g.id = m.items_id
         WHERE m.projecttasks_id IN (${marks}) ORDER BY m.id`,
        ids,
      ),
      call.principal.rights.ticket.includes('read')
        ? this.dataSource.query(
            `SELECT l.projecttasks_id AS task, t.id AS id, t.name AS name FROM glpi_projecttasks_tickets l JOIN glpi_tickets t ON t.id = l.tickets_id WHERE l.projecttasks_id IN (${marks}) AND ${visible.sql} ORDER BY l.id`,
            [...ids, ...visible.params],
          )
        : [],
    ])) as [Array<Linked & { itemtype: string }>, Linked[]];
    const views = await this.presenter.present(rows, PROJECT_TASK_OUTPUT, call.zone);
    return views.map((view, i) => ({
      ...view,
      members: members
        .filter((m) => Number(m.task) === ids[i])
        .map((m) => ({ type: m.itemtype === 'Group' ? 'group' : 'user', id: Number(m.id), name: m.name })),
      tickets: tickets.filter((t) => Number(t.task) === ids[i]).map((t) => ({ id: Number(t.id), name: t.name })),
    }));
  }
}

/** Those the call adds to the team: member_id, then add_members. */
function membersAdded(input: SaveProjectTaskDto): ActorRef[] {
  return [...(input.member_id !== undefined ? [{ type: 'user' as const, id: input.member_id }] : []), ...(input.add_members ?? [])];
}

/** The users a save adds to the task's team, by the field that named them. */

function membersNamed(input: SaveProjectTaskDto): UserNamed[] {
  const added = (input.add_members ?? []).filter((member) => member.type === 'user').map((member) => ({ userId: member.id, field: 'add_members' }));
  return input.member_id !== undefined ? [{ userId: input.member_id, field: 'member_id' }, ...added] : added;
}
