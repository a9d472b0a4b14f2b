import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ProjectTask, ProjectTaskTeam, ProjectTaskTicket } from '../../database/entities/index.js';
import { DeskError } from '../../envelope/desk-error.js';
import type { Answer } from '../../envelope/envelope.js';
import { metaOf } from '../../input/input-meta.js';
import { appliedView, type OutputField, Presenter, type Row, type View } from '../../present/presenter.js';
import { matchKey } from '../../text/normalize.js';
import type { Call } from '../../tools/call.js';
import { Tool } from '../../tools/tool.decorator.js';
import { WriteUnit } from '../../writes/write-unit.js';
import { ProjectsRepository } from '../projects.repository.js';
import { SaveProjectTaskDto } from './dto/save-project-task.dto.js';

const WRITABLE = ['name', 'content', 'plan_start_date', 'plan_end_date', 'percent_done', 'projectstates_id'] as const;

/** A project task as project_get shows it. */
export const PROJECT_TASK_OUTPUT: readonly OutputField[] = [
  { name: 'id', kind: 'int' },
  { name: 'name', kind: 'plain' },
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
    summary: 'Creates (no id) or changes (id) a task of a project; member_id adds to its team, tickets_id links a ticket.',
    notFor: 'the project (project_update).',
    example: { projects_id: 'Migração ERP', name: 'Migrar dados', member_id: 'tech' },
    input: SaveProjectTaskDto,
  })
  async save(input: SaveProjectTaskDto, call: Call): Promise<Answer> {
    const meta = metaOf(input);
    return this.writes.run(call, input, async ({ manager, now }) => {
      const given = input as unknown as Record<string, unknown>;
      const values: Record<string, unknown> = {};
      for (const column of WRITABLE) if (given[column] !== undefined) values[column] = given[column];
      let id = input.id;
      if (id === undefined) {
        if (input.projects_id === undefined || !input.name) {
          const missing = [input.projects_id === undefined ? 'projects_id' : null, !input.name ? 'name' : null].filter((f): f is string => f !== null);
          throw DeskError.validation(
            call,
            missing.map((field) => ({
              field,
              code: 'REQUIRED' as const,
              received: null,
              message: `${field} is required to create a task (or send id to change one).`,
            })),
          );
        }
        const project = await this.projects.findVisible(input.projects_id, call.principal.scope, manager);
        if (!project) throw DeskError.notFound('Project', input.projects_id);
        values.projects_id = input.projects_id;
        values.percent_done ??= 0;
        const result = await manager.insert(ProjectTask, {
          ...values,
          name_key: matchKey(input.name),
          entities_id: Number(project.entities_id),
          users_id: call.principal.userId,
          date_creation: now,
          date_mod: now,
        });
        id = Number(result.identifiers[0].id);
      } else {
        const task = await manager.findOne(ProjectTask, { where: { id } });
        if (!task || !(await this.projects.findVisible(task.projects_id, call.principal.scope, manager))) throw DeskError.notFound('Project task', id);
        if (input.projects_id !== undefined && input.projects_id !== task.projects_id) {
          if (!(await this.projects.findVisible(input.projects_id, call.principal.scope, manager))) throw DeskError.notFound('Project', input.projects_id);
          values.projects_id = input.projects_id;
        }
        const key = typeof values.name === 'string' ? { name_key: matchKey(values.name) } : {};
        if (Object.keys(values).length) await manager.update(ProjectTask, { id }, { ...values, ...key, date_mod: now });
      }
      if (input.member_id !== undefined) await this.addMember(manager, { projecttasks_id: id, itemtype: 'User', items_id: input.member_id });
      if (input.tickets_id !== undefined) await this.addTicket(manager, { projecttasks_id: id, tickets_id: input.tickets_id });
      const extras = {
        ...(input.member_id !== undefined ? { member_id: input.member_id } : {}),
        ...(input.tickets_id !== undefined ? { tickets_id: input.tickets_id } : {}),
      };
      return {
        message: `Project task ${id} ${input.id === undefined ? 'created' : 'saved'}.`,
        id,
        applied: appliedView({ ...values, ...extras }, call.zone),
        resolved: meta.resolved,
      };
    });
  }

  /** The tasks of a project, with their members and tickets, as project_get shows them. */
  async tasksOf(projectId: number, zone: string): Promise<View[]> {
    const rows = (await this.dataSource.query(
      'SELECT id, name, projectstates_id, percent_done, plan_start_date, plan_end_date FROM glpi_projecttasks WHERE projects_id = ? ORDER BY id',
      [projectId],
    )) as Row[];
    if (rows.length === 0) return [];
    const ids = rows.map((r) => Number(r.id));
    const marks = ids.map(() => '?').join(', ');
    const [members, tickets] = (await Promise.all([
      this.dataSource.query(
        `SELECT m.projecttasks_id AS task, u.id AS id, u.name AS name FROM glpi_projecttaskteams m JOIN glpi_users u ON u.id = m.items_id WHERE m.itemtype = 'User' AND m.projecttasks_id IN (${marks}) ORDER BY m.id`,
        ids,
      ),
      this.dataSource.query(
        `SELECT l.projecttasks_id AS task, t.id AS id, t.name AS name FROM glpi_projecttasks_tickets l JOIN glpi_tickets t ON t.id = l.tickets_id WHERE t.is_deleted = 0 AND l.projecttasks_id IN (${marks}) ORDER BY l.id`,
        ids,
      ),
    ])) as [Array<{ task: number; id: number; name: string }>, Array<{ task: number; id: number; name: string }>];
    const views = await this.presenter.present(rows, PROJECT_TASK_OUTPUT, zone);
    return views.map((view, i) => ({
      ...view,
      members: members.filter((m) => Number(m.task) === ids[i]).map((m) => ({ id: Number(m.id), name: m.name })),
      tickets: tickets.filter((t) => Number(t.task) === ids[i]).map((t) => ({ id: Number(t.id), name: t.name })),
    }));
  }

  private async addMember(manager: EntityManager, row: Pick<ProjectTaskTeam, 'projecttasks_id' | 'itemtype' | 'items_id'>): Promise<void> {
    if ((await manager.count(ProjectTaskTeam, { where: row })) === 0) await manager.insert(ProjectTaskTeam, row);
  }

  private async addTicket(manager: EntityManager, row: Pick<ProjectTaskTicket, 'projecttasks_id' | 'tickets_id'>): Promise<void> {
    if ((await manager.count(ProjectTaskTicket, { where: row })) === 0) await manager.insert(ProjectTaskTicket, row);
  }
}
