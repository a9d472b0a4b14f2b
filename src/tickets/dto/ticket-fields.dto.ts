import type { Issue } from '../../envelope/issue.js';
import { endBeforeStart } from '../../input/date-order.js';
import { WriteCallDto } from '../../input/dto/call-args.dto.js';
import { ActorsField, DateField, EnumField, RefField, TextField } from '../../input/fields.js';
import { FieldsOfOtherTools } from '../../input/fields-of-other-tools.js';
import { blankNameIssue } from '../../input/issue-messages.js';
import type { ActorRef } from '../../input/references/actor-list.js';
import { IMPACT, PRIORITY, TICKET_STATUS, TICKET_TYPE, URGENCY } from '../../input/vocab/glpi-vocabularies.js';
import { actorConflicts } from '../actor-rules.js';

/** A ticket's title, as created and as changed: one line of text. */
export const TICKET_TITLE_FIELD = { maxLength: 255, line: true, description: '' } as const;

/** The writable ticket fields, shared by create and update. */
@FieldsOfOtherTools(
  {
    fields: ['solution', 'solutions', 'resolution', 'solution_text', 'solution_content', 'solucao'],
    sentence: 'a solution is added with ticket_add_entry {id, kind: "solution", content}, which makes the ticket Solved.',
  },
  {
    fields: ['followup', 'followups', 'follow_up', 'acompanhamento'],
    sentence: 'a followup (a comment on the ticket) is added with ticket_add_entry {id, kind: "followup", content}.',
  },
  {
    fields: ['private_note', 'private_comment', 'internal_note', 'private_followup', 'nota_interna', 'nota_privada'],
    sentence: 'a private followup (hidden from the requester) is added with ticket_add_entry {id, kind: "followup", content, is_private: true}.',
  },
  {
    fields: ['task', 'tasks', 'worklog', 'time_spent', 'actiontime', 'duration', 'tarefa', 'tarefas'],
    sentence: 'a task, with the time it took, is added with ticket_add_entry {id, kind: "task", content, duration}.',
  },
  {
    fields: ['approver', 'approver_id', 'approver_group_id', 'approvers', 'validation', 'validator', 'validator_id', 'aprovador'],
    sentence: 'an approval is asked with ticket_validation {id, approver_id} (or approver_group_id), and answered there too.',
  },
  {
    fields: [
      'link',
      'links',
      'linked_ticket',
      'linked_tickets',
      'related_to',
      'related_tickets',
      'duplicate_of',
      'parent_id',
      'parent_ticket',
      'child_tickets',
    ],
    sentence: 'tickets are linked with ticket_link {id, other_id, relation} (Related, Duplicate, Child, Parent).',
  },
  // Flags for what a field of the ticket says, with the value to send there.
  {
    fields: ['pending', 'is_pending', 'on_hold', 'waiting', 'em_espera', 'pendente', 'aguardando'],
    sentence: "the status says it: send status 'Pending'.",
  },
  {
    fields: ['assign_to_me', 'assign_me', 'take', 'take_ticket', 'atribuir_a_mim', 'assumir'],
    sentence: "the assignee says it: send assignee_id 'me' (add_assignees 'me' on an update keeps the others).",
  },
  {
    fields: ['urgent', 'is_urgent', 'escalate', 'escalated', 'urgente', 'escalar'],
    sentence: "urgency says it: send urgency 'Very high' (the priority follows urgency and impact; or send priority).",
  },
)
export abstract class TicketFieldsDto extends WriteCallDto {
  @TextField(TICKET_TITLE_FIELD)
  name?: string;

  @TextField({ maxLength: 65000, nullable: true, description: '' })
  content?: string | null;

  @EnumField(TICKET_TYPE, { description: 'Default 1.' })
  type?: number;

  @EnumField(TICKET_STATUS, { description: '' })
  status?: number;

  @EnumField(URGENCY, { description: 'Default 3.' })
  urgency?: number;

  @EnumField(IMPACT, { description: 'Default 3.' })
  impact?: number;

  @EnumField(PRIORITY, { description: 'Default: from urgency x impact.' })
  priority?: number;

  @RefField('itilCategory', { nullable: true, description: '' })
  itilcategories_id?: number | null;

  @RefField('location', { nullable: true, description: '' })
  locations_id?: number | null;

  @RefField('entity', { description: 'Default: yours.' })
  entities_id?: number;

  @RefField('user', { description: 'Login, email or full name; default you.' })
  requester_id?: number;

  @RefField('user', { nullable: true, description: 'Technician.' })
  assignee_id?: number | null;

  @RefField('group', { nullable: true, description: '' })
  assignee_group_id?: number | null;

  @ActorsField({ description: 'Lists (also observers, assignees) of users and groups: ids, names, {"group": id}.' })
  requesters?: ActorRef[];

  @ActorsField({ description: '' })
  observers?: ActorRef[];

  @ActorsField({ description: '' })
  assignees?: ActorRef[];

  @DateField({ description: 'Opened (default now).' })
  date?: Date;

  @DateField({ nullable: true, description: 'Deadline.' })
  time_to_resolve?: Date | null;

  static crossCheck(value: TicketFieldsDto, _failed: ReadonlySet<string>, zone: string): Issue[] {
    return [
      ...blankNameIssue(value.name, 'the title', 'a short title'),
      ...endBeforeStart(value as unknown as Record<string, unknown>, 'date', 'time_to_resolve', zone),
      ...actorConflicts(value),
    ];
  }
}
