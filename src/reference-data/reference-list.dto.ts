import { LIMIT_ALIASES, QUERY_ALIASES } from '../input/field-aliases.js';
import { IntField, TextField } from '../input/fields.js';

export const DEFAULT_LIST_LIMIT = 100;
export const MAX_LIST_LIMIT = 500;

/** Query of every reference-data list. */
export class ReferenceListDto {
  @TextField({ maxLength: 200, description: 'Only names containing this text (case and accents ignored).', aliases: QUERY_ALIASES })
  query?: string;

  @IntField({
    min: 1,
    max: MAX_LIST_LIMIT,
    unit: 'rows',
    description: `How many rows at most (default ${DEFAULT_LIST_LIMIT}, max ${MAX_LIST_LIMIT}).`,
    aliases: LIMIT_ALIASES,
  })
  limit?: number;
}
