import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { EntityScope } from '../auth/principal.js';
import { trashedProjects, visibleProjects, whereOf } from '../auth/visibility.js';
import { likeOf } from '../database/caller-like.js';
import type { DbDate, DbFlag } from '../database/db-dates.js';
import { hasRow } from '../database/read-rows.js';
import { DeskError } from '../envelope/desk-error.js';
import { idProbe } from '../input/references/id-in-words.js';
import { likePattern, type Qb, type SearchPlan } from '../search/search-runner.js';

/** A row of glpi_projects as read. */
export type ProjectRow = {
  id: number;
  name: string;
  name_key: string;
  code: string | null;
  content: string | null;
  comment: string | null;
  projectstates_id: number | null;
  priority: number;
  users_id: number | null;
  groups_id: number | null;
  entities_id: number;
  projects_id: number | null;
  plan_start_date: DbDate | null;
  plan_end_date: DbDate | null;
  real_start_date: DbDate | null;
  real_end_date: DbDate | null;
  percent_done: number;
  is_deleted: DbFlag;
  date_creation: DbDate | null;
  date_mod: DbDate | null;
};

/** Visible, not deleted projects: the base of every project read. */
@Injectable()
export class ProjectsRepository {
  constructor(private readonly dataSource: DataSource) {}

  base(scope: EntityScope | undefined): Qb {
    return whereOf(this.dataSource.createQueryBuilder().select('t.*').from('glpi_projects', 't') as Qb, visibleProjects('t', scope));
  }

  async findVisible(id: number, scope: EntityScope | undefined, manager?: EntityManager): Promise<ProjectRow | undefined> {
    // Plain SQL: its text does not change with the id, so the prepared statement is reused.
    const visible = visibleProjects('t', scope);
    const rows = (await (manager ?? this.dataSource).query(`SELECT t.* FROM glpi_projects t WHERE t.id = ? AND ${visible.sql}`, [
      id,
      ...visible.params,
    ])) as ProjectRow[];
    return rows[0];
  }

  /** One visible project; else the refusal a caller gets: not found, or in the trash when it is one the caller saw. */
  async findVisibleOrFail(id: number, scope: EntityScope | undefined, manager?: EntityManager): Promise<ProjectRow> {
    const row = await this.findVisible(id, scope, manager);
    if (!row) throw DeskError.notFound('Project', id, await hasRow(manager ?? this.dataSource, 'glpi_projects', id, trashedProjects('t', scope)));
    return row;
  }

  searchPlan(scope: EntityScope | undefined): SearchPlan {
    return {
      base: () => this.base(scope),
      equals: {
        projectstates_id: 'projectstates_id',
        priority: 'priority',
        users_id: 'users_id',
        groups_id: 'groups_id',
        entities_id: 'entities_id',
        projects_id: 'projects_id',
      },
      // A code is found in any case on both databases (MariaDB's collation ignores case, SQLite's `=` does not).
      custom: { code: (qb, value) => qb.andWhere('LOWER(t.code) = LOWER(:f_code)', { f_code: value }) },
      ranges: ['plan_start_date', 'plan_end_date', 'date_mod'],
      text: (qb, raw, key) => {
        const q_key = likePattern(key);
        const q_raw = likePattern(raw);
        const db = qb.dataSource;
        return qb.andWhere(
          `(${likeOf(db, 't.name_key', 'q_key', q_key, '!')} OR ${likeOf(db, 't.code', 'q_raw', q_raw, '!')} OR ${likeOf(db, 't.content', 'q_raw', q_raw, '!')})`,
          { q_key, q_raw },
        );
      },
      sorts: {
        date_mod: { column: 'date_mod', date: true },
        date_creation: { column: 'date_creation', date: true },
        name: { column: 'name' },
        priority: { column: 'priority' },
        percent_done: { column: 'percent_done' },
        id: { column: 'id' },
      },
      defaultSort: '-date_mod',
      byId: idProbe('project', 'project_get'),
    };
  }
}
