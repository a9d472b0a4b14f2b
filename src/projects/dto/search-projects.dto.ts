import { SearchCallDto } from '../../input/dto/search-args.dto.js';
import { ChoiceField, ChoicesField, DateField, EnumField, RefField, TextField } from '../../input/fields.js';
import { FieldsOfOtherTools } from '../../input/fields-of-other-tools.js';
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

// Flags for what a filter of the search says, as other trackers take them: the value to send there.
@FieldsOfOtherTools(
  {
    fields: ['open', 'is_open', 'active', 'in_progress', 'ongoing', 'aberto', 'abertos', 'ativos', 'em_andamento'],
    sentence: "the state filter says it: send projectstates_id 'open' (every state not finished), or 'finished'.",
  },
  {
    fields: ['closed', 'is_closed', 'finished', 'completed', 'concluido', 'concluidos', 'encerrado', 'encerrados', 'fechado', 'fechados'],
    sentence: "the state filter says it: send projectstates_id 'finished', or 'open'.",
  },
  // `done` is also spelled like the manager's other name (`dono`, owner): a name under it is suggested there.
  { fields: ['done'], sentence: "the state filter says it: send projectstates_id 'finished', or 'open'.", whenFlag: true },
  {
    fields: ['mine', 'my_projects', 'managed_by_me', 'meus_projetos'],
    sentence: "the manager filter says it: send users_id 'me' (groups_id for a manager group).",
  },
  {
    fields: ['unassigned', 'no_manager', 'without_manager', 'sem_gerente', 'sem_responsavel'],
    sentence: "the manager filter says it: send users_id 'none' (no manager), or 'any'.",
  },
  {
    fields: ['late', 'overdue', 'delayed', 'behind_schedule', 'atrasado', 'atrasados'],
    sentence: "no flag says it: send plan_end_date_to 'yesterday' with projectstates_id 'open' (planned to end before today, not finished).",
  },
)
export class SearchProjectsDto extends SearchCallDto {
  @TextField({ maxLength: 255, description: '' })
  code?: string;

  @RefField('projectState', { description: '', wordsForSeveral: true, not: true })
  projectstates_id?: number;

  @EnumField(PRIORITY, { description: '', filter: [] })
  priority?: number | readonly number[];

  // Each also takes null or "none" (the projects without one) and "anyone" (those with one), as a ticket's actors do.
  @RefField('user', { description: '', not: true, none: true })
  users_id?: number;

  @RefField('group', { description: 'Manager group.', not: true, none: true })
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
