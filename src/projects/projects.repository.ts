import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { EntityScope } from '../auth/principal.js';
import { applyEntityScope, entityScopeSql } from '../input/references/reference-scope.js';
import { likePattern, type Qb, type SearchPlan } from '../search/search-runner.js';

/** Visible, not deleted projects: the base of every project read. */
@Injectable()
export class ProjectsRepository {
  constructor(private readonly dataSource: DataSource) {}

  base(scope: EntityScope | undefined): Qb {
    const qb = this.dataSource.createQueryBuilder().select('t.*').from('glpi_projects', 't').where('t.is_deleted = 0') as Qb;
    applyEntityScope(qb, 't', 'entity', scope);
    return qb;
  }

  async findVisible(id: number, scope: EntityScope | undefined, manager?: EntityManager): Promise<Record<string, unknown> | undefined> {
    const visible = entityScopeSql('t', 'entity', scope);
    const rows = (await (manager ?? this.dataSource).query(`SELECT t.* FROM glpi_projects t WHERE t.id = ? AND t.is_deleted = 0${visible.sql}`, [id, ...visible.params])) as Array<Record<string, unknown>>;
    return rows[0];
  }

  searchPlan(scope: EntityScope | undefined): SearchPlan {
    return {
      base: () => this.base(scope),
      equals: {
        code: 'code',
        projectstates_id: 'projectstates_id',
        priority: 'priority',
        users_id: 'users_id',
        groups_id: 'groups_id',
        entities_id: 'entities_id',
        projects_id: 'projects_id',
      },
      ranges: ['plan_start_date', 'plan_end_date', 'date_mod'],
      text: (qb, raw, key) =>
        qb.andWhere(`(t.name_key LIKE :q_key ESCAPE '!' OR t.code LIKE :q_raw ESCAPE '!' OR t.content LIKE :q_raw ESCAPE '!')`, {
          q_key: likePattern(key),
          q_raw: likePattern(raw),
        }),
      sorts: {
        date_mod: { column: 'date_mod', date: true },
        date_creation: { column: 'date_creation', date: true },
        name: { column: 'name' },
        priority: { column: 'priority' },
        percent_done: { column: 'percent_done' },
        id: { column: 'id' },
      },
      defaultSort: '-date_mod',
    };
  }
}
