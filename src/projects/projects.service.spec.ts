import { jest } from '@jest/globals';
import type { EntityManager } from 'typeorm';
import type { Principal } from '../auth/principal.js';
import { requireCall, runInCall } from '../call/call-context.js';
import type { Outcome } from '../envelope/envelope.js';
import { DeskError } from '../envelope/desk-error.js';
import { attachMeta } from '../input/input-meta.js';
import type { Presenter, Row } from '../present/presenter.js';
import type { WriteScope, WriteUnit } from '../writes/write-unit.js';
import { Project } from '../database/entities/index.js';
import { CreateProjectDto } from './dto/create-project.dto.js';
import { DeleteProjectDto, GetProjectDto } from './dto/project-id.dto.js';
import { UpdateProjectDto } from './dto/update-project.dto.js';
import type { ProjectsRepository } from './projects.repository.js';
import { ProjectsService } from './projects.service.js';

const NOW = new Date('2026-06-01T12:00:00.000Z');

const PRINCIPAL: Principal = {
  userId: 5,
  login: 'maria.silva',
  displayName: 'Maria Silva',
  tokenId: 1,
  scopes: ['mcp'],
  timezone: 'America/Sao_Paulo',
  language: 'pt_BR',
  assignments: [],
  defaultEntityId: 2,
  scope: { entityIds: [2], ancestorIds: [1] },
  rights: { project: ['read', 'create', 'update'], ticket: [], user: [], ticket_scope: 'all', admin: false },
};

function parsed<T extends object>(dto: T, values: Record<string, unknown>, timezone = 'America/Sao_Paulo'): T {
  Object.assign(dto, values);
  return attachMeta(dto, { provided: new Set(Object.keys(values)), resolved: {}, timezone });
}

/** The service over mocked queries, presenter and write unit; `stored` is what the database holds. */
function setup(stored: Row | null = { id: 7, name: 'Migração ERP', entities_id: 2 }) {
  const manager = {
    insert: jest.fn(async (_target: unknown, _values: unknown) => ({ identifiers: [{ id: 42 }] })),
    update: jest.fn(async (_target: unknown, _where: unknown, _values: unknown) => ({})),
  };
  const queries = { findVisible: jest.fn(async (id: number) => (stored ? { ...stored, id } : undefined)) };
  const presenter = { present: jest.fn(async (rows: Row[]) => rows.map((r) => ({ ...r }))) };
  const writes = {
    run: jest.fn(async (_input: unknown, work: (scope: WriteScope) => Promise<Outcome>) =>
      work({ manager: manager as unknown as EntityManager, now: NOW, call: requireCall() }),
    ),
  };
  const service = new ProjectsService(queries as unknown as ProjectsRepository, presenter as unknown as Presenter, writes as unknown as WriteUnit);
  const call = <T>(tool: string, fn: () => Promise<T>): Promise<T> => runInCall({ transport: 'mcp', startedAt: 0, tool, domain: 'project', principal: PRINCIPAL }, fn);
  return { service, manager, queries, writes, call };
}

describe('ProjectsService', () => {
  it('creates with defaults, a match key and stamps, and shows applied dates in the call zone', async () => {
    const t = setup();
    const out = await t.call('project_create', () =>
      t.service.create(parsed(new CreateProjectDto(), { name: 'Migração ERP', projectstates_id: 2, plan_start_date: new Date('2026-06-01T03:00:00Z') })),
    );
    const [target, row] = t.manager.insert.mock.calls[0];
    expect(target).toBe(Project);
    expect(row).toMatchObject({ name: 'Migração ERP', name_key: 'migracao erp', priority: 3, percent_done: 0, entities_id: 2, is_deleted: false, date_creation: NOW, date_mod: NOW });
    expect(out).toMatchObject({ id: 42, message: 'Project created.' });
    expect(out.applied).toEqual({ name: 'Migração ERP', projectstates_id: 2, plan_start_date: '2026-06-01T00:00:00-03:00', priority: 3, percent_done: 0, entities_id: 2 });
  });

  it('updates only the fields sent, clears with null, and refreshes the match key', async () => {
    const t = setup();
    const out = await t.call('project_update', () => t.service.update(parsed(new UpdateProjectDto(), { id: 7, name: 'ERP 2', code: null })));
    expect(t.manager.update).toHaveBeenCalledWith(Project, { id: 7 }, { name: 'ERP 2', code: null, name_key: 'erp 2', date_mod: NOW });
    expect(out.applied).toEqual({ name: 'ERP 2', code: null });
  });

  it('refuses a project as its own parent', async () => {
    const t = setup();
    const error = await t.call('project_update', () => t.service.update(parsed(new UpdateProjectDto(), { id: 7, projects_id: 7 }))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeskError);
    expect((error as DeskError).issues?.[0]).toMatchObject({ field: 'projects_id', code: 'INVALID_VALUE' });
    expect(t.manager.update).not.toHaveBeenCalled();
  });

  it('answers NOT_FOUND for a project the caller cannot see, on every tool', async () => {
    const t = setup(null);
    for (const run of [
      () => t.service.get(parsed(new GetProjectDto(), { id: 9 })),
      () => t.service.update(parsed(new UpdateProjectDto(), { id: 9, percent_done: 1 })),
      () => t.service.delete(parsed(new DeleteProjectDto(), { id: 9 })),
    ]) {
      const error = await t.call('project_get', run).catch((e: unknown) => e);
      expect((error as DeskError).code).toBe('NOT_FOUND');
    }
    expect(t.queries.findVisible).toHaveBeenCalledWith(9, PRINCIPAL.scope, expect.anything());
    expect(t.manager.update).not.toHaveBeenCalled();
  });

  it('deletes softly', async () => {
    const t = setup();
    const out = await t.call('project_delete', () => t.service.delete(parsed(new DeleteProjectDto(), { id: 7 })));
    expect(t.manager.update).toHaveBeenCalledWith(Project, { id: 7 }, { is_deleted: true, date_mod: NOW });
    expect(out.applied).toEqual({ is_deleted: true });
  });
});
