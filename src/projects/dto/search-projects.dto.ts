import { domainField } from '../../common/dto/call-args.dto.js';
import { SearchCallDto } from '../../common/dto/search-args.dto.js';
import { ChoiceField, ChoicesField, DateField, EnumField, RefField, TextField } from '../../common/input/fields.js';
import { PRIORITY } from '../../common/vocab/glpi-vocabularies.js';
import { PROJECT_FIELD_NAMES } from '../project.fields.js';

export const PROJECT_SORTS = ['date_mod', '-date_mod', 'date_creation', '-date_creation', 'name', '-name', 'priority', '-priority', 'percent_done', '-percent_done', 'id', '-id'] as const;

export class SearchProjectsDto extends SearchCallDto {
  @domainField('project')
  domain!: 'project';

  @TextField({ maxLength: 255, description: 'Exact code.' })
  code?: string;

  @RefField('projectState', { description: 'State.' })
  projectstates_id?: number;

  @EnumField(PRIORITY, { description: 'Priority.' })
  priority?: number;

  @RefField('user', { description: 'Manager.' })
  users_id?: number;

  @RefField('group', { description: 'Manager group.' })
  groups_id?: number;

  @RefField('entity', { description: 'Entity.' })
  entities_id?: number;

  @RefField('project', { description: 'Parent project.' })
  projects_id?: number;

  @DateField({ description: 'Planned start on or after.' })
  plan_start_date_from?: Date;

  @DateField({ description: 'Planned start on or before.' })
  plan_start_date_to?: Date;

  @DateField({ description: 'Planned end on or after.' })
  plan_end_date_from?: Date;

  @DateField({ description: 'Planned end on or before.' })
  plan_end_date_to?: Date;

  @DateField({ description: 'Last modified on or after.' })
  date_mod_from?: Date;

  @DateField({ description: 'Last modified on or before.' })
  date_mod_to?: Date;

  @ChoiceField(PROJECT_SORTS, { description: 'Sort field; "-" for descending (default -date_mod).' })
  sort?: (typeof PROJECT_SORTS)[number];

  @ChoicesField(PROJECT_FIELD_NAMES, { description: 'Only these fields in each item (id is always included).' })
  fields?: string[];
}
