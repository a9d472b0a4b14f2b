import { SearchCallDto } from '../../input/dto/search-args.dto.js';
import { ChoiceField, ChoicesField, DateField, EnumField, RefField, TextField } from '../../input/fields.js';
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

  @RefField('projectState', { description: '', aliases: ['status', 'state', 'estado', 'situacao', 'project_state', 'projectstate'] })
  projectstates_id?: number;

  @EnumField(PRIORITY, { description: '' })
  priority?: number;

  @RefField('user', { description: '', aliases: ['manager', 'gestor', 'responsavel', 'owner', 'user'] })
  users_id?: number;

  @RefField('group', { description: 'Manager group.', aliases: ['group', 'team', 'grupo', 'equipe'] })
  groups_id?: number;

  @RefField('entity', { description: '', aliases: ['entity', 'entidade'] })
  entities_id?: number;

  @RefField('project', { description: 'Parent project.', aliases: ['parent', 'parent_id', 'parent_project'] })
  projects_id?: number;

  @DateField({ description: '' })
  plan_start_date_from?: Date;

  @DateField({ description: '' })
  plan_start_date_to?: Date;

  @DateField({ description: '' })
  plan_end_date_from?: Date;

  @DateField({ description: '' })
  plan_end_date_to?: Date;

  @DateField({ description: '' })
  date_mod_from?: Date;

  @DateField({ description: '' })
  date_mod_to?: Date;

  @ChoiceField(PROJECT_SORTS, { description: '"-": descending.' })
  sort?: (typeof PROJECT_SORTS)[number];

  @ChoicesField(PROJECT_FIELD_NAMES, { description: '' })
  fields?: string[];
}
