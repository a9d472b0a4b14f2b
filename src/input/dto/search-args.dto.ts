import type { Issue } from '../../envelope/issue.js';
import { DEFAULT_LIMIT, MAX_LIMIT, TOTAL_CAP } from '../../search/search-runner.js';
import { rangeEndsBeforeStart } from '../date-order.js';
import { BoolField, IntField, TextField } from '../fields.js';
import { FieldsOfOtherTools } from '../fields-of-other-tools.js';
import { DomainCallDto } from './call-args.dto.js';

/** Paging and text arguments of every search tool; `sort` and `fields` are declared per domain. */
@FieldsOfOtherTools({
  fields: ['deleted', 'is_deleted', 'include_deleted', 'with_deleted', 'show_deleted', 'trashed', 'in_trash', 'excluidos', 'apagados', 'lixeira'],
  sentence: 'a deleted record is in the trash, which no search shows (nor any other tool): leave it out.',
})
export abstract class SearchCallDto extends DomainCallDto {
  @TextField({ maxLength: 200, description: 'Free text.' })
  query?: string;

  @IntField({ min: 0, max: MAX_LIMIT, unit: 'rows', description: `Page size (default ${DEFAULT_LIMIT}, max ${MAX_LIMIT}; 0: the count alone, no rows).` })
  limit?: number;

  @TextField({ maxLength: 500, description: 'next_cursor of the previous page, with the same filters and sort.', opaque: true })
  cursor?: string;

  @BoolField({ description: `Count every match: past ${TOTAL_CAP}, total is otherwise ${TOTAL_CAP} with total_is_estimate.` })
  exact_total?: boolean;

  /** Every `x_from`/`x_to` pair of a search: a range that ends before it starts matches nothing, surely by mistake. */
  static crossCheck(value: SearchCallDto): Issue[] {
    return rangeEndsBeforeStart(value as unknown as Record<string, unknown>);
  }
}
