import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { whereOf } from '../auth/visibility.js';
import { likeOf } from '../database/caller-like.js';
import type { Outcome } from '../envelope/envelope.js';
import { referenceKind } from '../input/references/reference-kinds.js';
import { nameable, nameScopeOf } from '../input/references/reference-scope.js';
import { type OutputField, Presenter } from '../present/presenter.js';
import { likePattern } from '../search/search-runner.js';
import { searchText } from '../search/search-text.js';
import { matchKey } from '../text/normalize.js';
import type { Call } from '../tools/call.js';
import { DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT, type ReferenceListDto } from './reference-list.dto.js';
import { REFERENCE_LISTS, type ReferenceListName } from './reference-lists.js';

/** The reference-data lists: one generic query per list, scoped like name resolution is. */
@Injectable()
export class ReferenceDataService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly presenter: Presenter,
  ) {}

  async list(name: ReferenceListName, input: ReferenceListDto, call: Call): Promise<Outcome> {
    const list = REFERENCE_LISTS[name];
    const kind = referenceKind(list.kind);
    const output: readonly OutputField[] = list.output;
    const columns = [...new Set(output.map((f) => f.column ?? f.name))];
    const qb = this.dataSource
      .createQueryBuilder()
      .select(columns.map((c) => `t.${c} AS ${c}`))
      .from(kind.table, 't');
    whereOf(qb, nameable('t', kind, nameScopeOf(call.principal, call.zone)));
    const text = input.query ? searchText(input.query) : '';
    if (text) {
      const q_key = likePattern(matchKey(text));
      qb.andWhere(likeOf(this.dataSource, 't.name_key', 'q_key', q_key, '!'), { q_key });
    }

    const limit = Math.min(input.limit ?? DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT);
    const count = await qb.clone().select('COUNT(*)', 'n').getRawOne<{ n: number | string }>();
    const rows = await qb.orderBy('t.name', 'ASC').addOrderBy('t.id', 'ASC').limit(limit).getRawMany<Record<string, unknown>>();
    const items = await this.presenter.present(rows, output, call.zone);
    const total = Number(count?.n ?? 0);
    return {
      message: `${total} ${total === 1 ? singular(kind.label) : kind.label}${total > items.length ? `; showing the first ${items.length}, raise limit or narrow with query` : ''}.`,
      data: { items, total },
    };
  }
}

/** "entities" -> "entity", "project states" -> "project state" (the kind labels are plural nouns). */
function singular(label: string): string {
  return label.endsWith('ies') ? `${label.slice(0, -3)}y` : label.replace(/s$/, '');
}
