import { SearchCallDto } from '../../input/dto/search-args.dto.js';
import { ChoiceField, ChoicesField, DateField, EnumField, RefField, TextField } from '../../input/fields.js';
import { PROJECT_SORT_WORDS } from '../../input/vocab/choice-words.js';
import { PRIORITY } from '../../input/vocab/glpi-vocabularies.js';
import { PROJECT_FIELD_NAMES } from '../project.fields.js';

export const PROJECT_SORTS = [
  'date_mod',
  '-date_mod',
  'date_creation',
  '-date_creation',
  'name',
  '-name',
  'priority',
  '-priority',
  'percent_done',
  '-percent_done',
  'id',
  '-id',
] as const;

export class SearchProjectsDto extends SearchCallDto {
  @TextField({ maxLength: 255, description: '' })
  code?: string;

  @RefField('projectState', { description: '', wordsForSeveral: true, not: true })
  projectstates_id?: number;

  @EnumField(PRIORITY, { description: '', filter: [] })
  priority?: number | readonly number[];

  @RefField('user', { description: '', not: true })
  users_id?: number;

  @RefField('group', { description: 'Manager group.', not: true })
  groups_id?: number;

  @RefField('entity', { description: '', not: true })
  entities_id?: number;

  @RefField('project', { description: 'Parent project.', not: true })
  projects_id?: number;

  @DateField({ description: '', bound: 'start' })
  plan_start_date_from?: Date;

  @DateField({ description: '', bound: 'end' })
  plan_start_date_to?: Date;

  @DateField({ description: '', bound: 'start' })
  plan_end_date_from?: Date;

  @DateField({ description: '', bound: 'end' })
  plan_end_date_to?: Date;

  @DateField({ description: '', bound: 'start' })
  date_mod_from?: Date;

  @DateField({ description: '', bound: 'end' })
  date_mod_to?: Date;

  @ChoiceField(PROJECT_SORTS, { description: '"-": descending.', words: PROJECT_SORT_WORDS })
  sort?: (typeof PROJECT_SORTS)[number];

  @ChoicesField(PROJECT_FIELD_NAMES, { description: '' })
  fields?: string[];
}
