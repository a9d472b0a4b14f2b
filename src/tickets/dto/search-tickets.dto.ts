import { ACTOR_TYPE } from '../../database/entities/index.js';
import { SearchCallDto } from '../../input/dto/search-args.dto.js';
import { BoolField, ChoiceField, ChoicesField, DateField, EnumField, RefField, TextField } from '../../input/fields.js';
import { FieldsOfOtherTools } from '../../input/fields-of-other-tools.js';
import { MINE_WORDS, STATS_GROUP_WORDS, TICKET_SORT_WORDS } from '../../input/vocab/choice-words.js';
import { IMPACT, PRIORITY, TICKET_STATUS, TICKET_STATUS_GROUPS, TICKET_TYPE, URGENCY } from '../../input/vocab/glpi-vocabularies.js';
import { STATS_GROUPS, type StatsGroup } from '../stats/stats-groups.js';
import { TICKET_FIELD_NAMES } from '../ticket.fields.js';

/** `mine`: the caller's tickets in one actor role, or in any. */
export const MINE = ['requester', 'assignee', 'observer', 'any'] as const;
export type Mine = (typeof MINE)[number];
export const MINE_TYPES: Record<Mine, readonly number[]> = {
  requester: [ACTOR_TYPE.requester],
  assignee: [ACTOR_TYPE.assigned],
  observer: [ACTOR_TYPE.observer],
  any: [ACTOR_TYPE.requester, ACTOR_TYPE.assigned, ACTOR_TYPE.observer],
};

export const TICKET_SORTS = ['date', '-date', 'date_mod', '-date_mod', 'priority', '-priority', 'status', '-status', 'id', '-id'] as const;

// A flag for closed, solved or open tickets, as other trackers take one: the status filter says it here.
@FieldsOfOtherTools(
  {
    fields: ['closed', 'is_closed', 'fechado', 'fechados', 'encerrado', 'encerrados'],
    sentence: "the status filter says it: send status 'Closed', or 'not closed'.",
  },
  {
    fields: ['solved', 'is_solved', 'resolved', 'is_resolved', 'resolvido', 'resolvidos', 'solucionado', 'solucionados'],
    sentence: "the status filter says it: send status 'Solved' ('finished': Solved and Closed), or 'not solved'.",
  },
  {
    fields: ['open', 'is_open', 'aberto', 'abertos', 'unresolved', 'unsolved'],
    sentence: "the status filter says it: send status 'open' (every status before Solved), or 'finished'.",
  },
  // Flags for what another filter of the search says, with the value to send there.
  {
    fields: [
      'unassigned',
      'not_assigned',
      'no_assignee',
      'without_assignee',
      'no_technician',
      'without_technician',
      'sem_tecnico',
      'nao_atribuido',
      'nao_atribuidos',
    ],
    sentence: "the assignee filter says it: send assignee_id 'none' (no technician), or 'any'.",
  },
  // `assigned` is also assignee_id's other name: a technician's name under it is suggested there.
  {
    fields: ['assigned', 'is_assigned', 'has_assignee', 'has_technician'],
    sentence: "the assignee filter says it: send assignee_id 'any' (some technician), or 'none'.",
    whenFlag: true,
  },
  {
    fields: ['assigned_to_me', 'assigned_me', 'my_assigned', 'atribuidos_a_mim'],
    sentence: "the caller's role says it: send mine 'assignee' (or 'requester', 'observer').",
    whenFlag: true,
  },
  {
    fields: ['created_by_me', 'requested_by_me', 'opened_by_me', 'reported_by_me', 'my_requests', 'abertos_por_mim', 'criados_por_mim'],
    sentence: "the caller's role says it: send mine 'requester' (or 'assignee', 'observer').",
    whenFlag: true,
  },
  {
    fields: ['urgent', 'urgente', 'urgentes', 'high_priority', 'alta_prioridade', 'prioritario', 'prioritarios'],
    sentence: "the priority filter says it: send priority 'High or above' (or one level, 'Very high'; urgency takes the same words).",
  },
  {
    fields: ['today', 'hoje', 'created_today', 'opened_today'],
    sentence: "the opening date's range says it: send date_from 'today' (date_mod_from for the last change).",
  },
  {
    fields: ['recent', 'recentes', 'latest', 'last_days'],
    sentence: "the opening date's range says it: send date_from '7 days ago' (or any date), or sort '-date' for the newest first.",
  },
)
export class SearchTicketsDto extends SearchCallDto {
  // Case and accents are ignored from three characters on (the text indexes); shorter text is a plain LIKE.
  @TextField({ maxLength: 200, description: 'Free text (title, description).' })
  override query?: string;

  @EnumField(TICKET_TYPE, { description: '', filter: [] })
  type?: number | readonly number[];

  // "open" (and its words): every status not yet solved; "em atendimento": both Processing ones.
  @EnumField(TICKET_STATUS, { description: '', filter: TICKET_STATUS_GROUPS })
  status?: number | readonly number[];

  @EnumField(URGENCY, { description: '', filter: [] })
  urgency?: number | readonly number[];

  @EnumField(IMPACT, { description: '', filter: [] })
  impact?: number | readonly number[];

  @EnumField(PRIORITY, { description: '', filter: [] })
  priority?: number | readonly number[];

  @RefField('itilCategory', { description: '', not: true })
  itilcategories_id?: number;

  @RefField('location', { description: '', not: true })
  locations_id?: number;

  @RefField('entity', { description: '', not: true })
  entities_id?: number;

  // Each also takes null or "none" ("unassigned", "ninguém"): the tickets with no such actor; "anyone":
  // those with one; "not <name>" ("!me", "exceto tech"): those without that actor (input/references/negated-actor.ts).
  @RefField('user', { description: '', none: true })
  requester_id?: number;

  @RefField('user', { description: '', none: true })
  assignee_id?: number;

  @RefField('group', { description: '', none: true })
  assignee_group_id?: number;

  @RefField('user', { description: '', none: true })
  observer_id?: number;

  @ChoiceField(MINE, { description: '', words: MINE_WORDS })
  mine?: Mine;

  @BoolField({ description: '' })
  overdue?: boolean;

  @DateField({ description: '', bound: 'start' })
  date_from?: Date;

  @DateField({ description: '', bound: 'end' })
  date_to?: Date;

  @DateField({ description: '', bound: 'start' })
  time_to_resolve_from?: Date;

  @DateField({ description: '', bound: 'end' })
  time_to_resolve_to?: Date;

  @DateField({ description: '', bound: 'start' })
  date_mod_from?: Date;

  @DateField({ description: '', bound: 'end' })
  date_mod_to?: Date;

  @ChoiceField(TICKET_SORTS, { description: '"-": descending.', words: TICKET_SORT_WORDS })
  sort?: (typeof TICKET_SORTS)[number];

  @ChoicesField(TICKET_FIELD_NAMES, { description: '' })
  fields?: string[];

  @ChoiceField(STATS_GROUPS, { description: '', words: STATS_GROUP_WORDS })
  group_by?: StatsGroup;
}
