import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Project } from '../database/entities/index.js';
import { DeskError } from '../envelope/desk-error.js';
import { type Answer, INSERTED, type Outcome, type Resolved } from '../envelope/envelope.js';
import type { Issue } from '../envelope/issue.js';
import { datesAgainstStored, type Period } from '../input/date-order.js';
import { failedFields, metaOf } from '../input/input-meta.js';
import { nameScopeOf } from '../input/references/reference-scope.js';
import { appliedView, Presenter, showsField } from '../present/presenter.js';
import { pageOutcome, runSearch } from '../search/search-runner.js';
import { matchKey } from '../text/normalize.js';
import type { Call } from '../tools/call.js';
import { Tool } from '../tools/tool.decorator.js';
import { inactiveUserIssues } from '../users/inactive-users.js';
import { refuseProblems } from '../writes/all-problems.js';
import { changedValues } from '../writes/changed-values.js';
import { updateMessage } from '../writes/update-message.js';
import { WriteUnit } from '../writes/write-unit.js';
import { CreateProjectDto } from './dto/create-project.dto.js';
import { DeleteProjectDto, GetProjectDto } from './dto/project-id.dto.js';
import { SearchProjectsDto } from './dto/search-projects.dto.js';
import { UpdateProjectDto } from './dto/update-project.dto.js';
import { PROJECT_OUTPUT, PROJECT_WRITABLE } from './project.fields.js';
import { projectGroupIssues } from './project-references.js';
import { type ProjectRow, ProjectsRepository } from './projects.repository.js';
import { ProjectTasksService } from './tasks/project-tasks.service.js';

/** Projects: the one code path behind the project_* tools and /api/projects. */
@Injectable()
export class ProjectsService {
  constructor(
    private readonly queries: ProjectsRepository,
    private readonly presenter: Presenter,
    private readonly writes: WriteUnit,
    private readonly tasks: ProjectTasksService,
  ) {}

  @Tool({
    name: 'project_get',
    domain: 'project',
    access: 'read',
    title: 'Get a project',
    summary: 'One project by id or name, with its tasks.',
    notFor: 'finding projects (project_search).',
    example: { id: 'Migração ERP' },
    input: GetProjectDto,
  })
  async get(input: GetProjectDto, call: Call): Promise<Outcome> {
    const row = await this.queries.findVisibleOrFail(input.id, call.principal.scope);
    const [[view], tasks] = await Promise.all([
      this.presenter.present([row], PROJECT_OUTPUT, call.zone, input.fields),
      showsField(input.fields, 'tasks') ? this.tasks.tasksOf(input.id, call) : undefined,
    ]);
    if (tasks) view.tasks = tasks;
    return { message: `Project ${input.id}.`, id: input.id, data: view };
  }

  @Tool({
    name: 'project_search',
    domain: 'project',
    access: 'read',
    title: 'Search projects',
    summary: 'Projects matching filters, free text and date ranges; sorted and paged.',
    notFor: 'tickets (ticket_search).',
    example: { projectstates_id: 'Processing', query: 'ERP', limit: 10 },
    input: SearchProjectsDto,
  })
  async search(input: SearchProjectsDto, call: Call): Promise<Outcome> {
    const page = await runSearch(this.queries.searchPlan(call.principal.scope), input as unknown as Record<string, unknown>, call);
    const items = await this.presenter.present(page.rows, PROJECT_OUTPUT, call.zone, input.fields);
    return pageOutcome('project', page, items, metaOf(input).resolved);
  }

  @Tool({
    name: 'project_create',
    domain: 'project',
    access: 'create',
    title: 'Create a project',
    summary: 'Creates a project; returns what was stored ("applied").',
    notFor: 'changing projects (project_update).',
    notes: ['percent_done is a percentage, 0-100.'],
    example: { name: 'Migração ERP', projectstates_id: 'Processing', users_id: 'maria.silva', plan_end_date: 'in 3 months' },
    input: CreateProjectDto,
  })
  async create(input: CreateProjectDto, call: Call): Promise<Answer> {
    const meta = metaOf(input);
    return this.writes.run(call, input, async ({ manager, now }) => {
      const values: Record<string, unknown> = {};
      for (const column of PROJECT_WRITABLE) {
        const value = (input as unknown as Record<string, unknown>)[column];
        if (value !== undefined && value !== null) values[column] = value;
      }
      values.priority ??= 3;
      values.percent_done ??= 0;
      values.entities_id ??= call.principal.defaultEntityId ?? undefined;
      if (values.entities_id === undefined) throw new DeskError('FORBIDDEN', 'You have no entity to create projects in.');
      refuseProblems(call, input, [
        ...(await managerIssues(manager, values, meta.resolved)),
        ...(await this.groupIssues(manager, input, values, undefined, call)),
      ]);
      const row = { ...values, name_key: matchKey(input.name), is_deleted: false, date_creation: now, date_mod: now };
      const result = await manager.insert(Project, row);
      const id = Number(result.identifiers[0].id);
      const stored = await this.queries.findVisible(id, undefined, manager);
      const [view] = await this.presenter.present([stored!], PROJECT_OUTPUT, call.zone);
      return { message: `Project created.`, id, [INSERTED]: true, applied: appliedView(values, call.zone), resolved: meta.resolved, data: view };
    });
  }

  @Tool({
    name: 'project_update',
    sameFieldsAs: 'project_create',
    domain: 'project',
    access: 'update',
    title: 'Update a project',
    summary: 'Changes the given fields of one project (null clears; others stay); returns "applied".',
    notFor: 'deleting (project_delete).',
    notes: ['percent_done is a percentage, 0-100.'],
    example: { id: 'Migração ERP', projectstates_id: 'Closed', percent_done: 100 },
    input: UpdateProjectDto,
    locks: { table: 'glpi_projects', fields: ['id'] },
  })
  async update(input: UpdateProjectDto, call: Call): Promise<Answer> {
    const meta = metaOf(input);
    return this.writes.run(call, input, async ({ manager, now, rehearsal }) => {
      const current = await this.queries.findVisibleOrFail(input.id, call.principal.scope, manager);
      if (rehearsal) [rehearsal.before] = await this.presenter.present([current], PROJECT_OUTPUT, call.zone);
      const values: Record<string, unknown> = {};
      for (const column of PROJECT_WRITABLE) {
        if (!meta.provided.has(column)) continue;
        values[column] = (input as unknown as Record<string, unknown>)[column] ?? null;
      }
      const before = current as unknown as Record<string, unknown>;
      refuseProblems(call, input, [
        ...(await this.parentIssues(input.id, values.projects_id, manager)),
        ...datesAgainstStored(values, before, PROJECT_PERIODS, call.zone, failedFields(input)),
        ...(Number(values.users_id) === Number(current.users_id) ? [] : await managerIssues(manager, values, meta.resolved)),
        ...(await this.groupIssues(manager, input, values, current, call)),
      ]);
      const changed = changedValues(values, before);
      if (Object.keys(changed).length) {
        const key = typeof changed.name === 'string' ? { name_key: matchKey(changed.name) } : {};
        await manager.update(Project, { id: input.id }, { ...changed, ...key, date_mod: now });
      }
      const stored = await this.queries.findVisible(input.id, undefined, manager);
      const [view] = await this.presenter.present([stored!], PROJECT_OUTPUT, call.zone);
      const count = Object.keys(changed).length;
      return {
        message: updateMessage('project', input.id, count),
        id: input.id,
        applied: appliedView(changed, call.zone),
        resolved: meta.resolved,
        data: view,
      };
    });
  }

  /** The project's group, named or kept through a move, is seen from its entity; unknown when entities_id could not be read, and then not judged. */
  private groupIssues(
    manager: EntityManager,
    input: object,
    values: Record<string, unknown>,
    current: ProjectRow | undefined,
    call: Call,
  ): Promise<Issue[]> | Issue[] {
    if (failedFields(input).has('entities_id')) return [];
    return projectGroupIssues(manager, values, current, metaOf(input).resolved, nameScopeOf(call.principal, call.zone));
  }

  /** A parent that is the project itself or one of its descendants would close a loop in the tree. */
  private async parentIssues(id: number, parent: unknown, manager: EntityManager): Promise<Issue[]> {
    if (typeof parent !== 'number') return [];
    if (parent === id) return [{ field: 'projects_id', code: 'INVALID_VALUE', received: id, message: 'A project cannot be its own parent.' }];
    const seen = new Set<number>();
    for (let at: number | null = parent; at !== null && !seen.has(at);) {
      if (at === id) {
        return [
          {
            field: 'projects_id',
            code: 'INVALID_VALUE',
            received: parent,
            message: `Project ${parent} is under project ${id}: it cannot become its parent (the tree would loop). Move project ${parent} elsewhere first.`,
          },
        ];
      }
      seen.add(at);
      const rows = (await manager.query('SELECT projects_id FROM glpi_projects WHERE id = ?', [at])) as Array<{ projects_id: number | null }>;
      at = rows[0]?.projects_id === undefined || rows[0].projects_id === null ? null : Number(rows[0].projects_id);
    }
    return [];
  }

  @Tool({
    name: 'project_delete',
    domain: 'project',
    access: 'delete',
    title: 'Delete a project',
    summary: 'Moves one project to the trash (soft delete).',
    notFor: 'closing (project_update projectstates_id "Closed").',
    example: { id: 42 },
    input: DeleteProjectDto,
    locks: { table: 'glpi_projects', fields: ['id'] },
  })
  async delete(input: DeleteProjectDto, call: Call): Promise<Answer> {
    const meta = metaOf(input);
    return this.writes.run(call, input, async ({ manager, now, rehearsal }) => {
      const current = await this.queries.findVisibleOrFail(input.id, call.principal.scope, manager);
      if (rehearsal) [rehearsal.before] = await this.presenter.present([current], PROJECT_OUTPUT, call.zone);
      await manager.update(Project, { id: input.id }, { is_deleted: true, date_mod: now });
      return { message: `Project ${input.id} '${String(current.name)}' deleted.`, id: input.id, applied: { is_deleted: true }, resolved: meta.resolved };
    });
  }
}

/** A project's periods: planned and real. */
const PROJECT_PERIODS: readonly Period[] = [
  ['plan_start_date', 'plan_end_date'],
  ['real_start_date', 'real_end_date'],
];

/** A project's manager, when the call names one, is an active user (the one already managing it stays as it is). */
function managerIssues(manager: EntityManager, values: Record<string, unknown>, resolved: Readonly<Record<string, Resolved>>): Promise<Issue[]> {
  const userId = values.users_id;
  return inactiveUserIssues(manager, typeof userId === 'number' ? [{ userId, field: 'users_id' }] : [], resolved);
}
