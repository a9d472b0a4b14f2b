import { ActorsField, RefField } from '../../input/fields.js';
import { FieldsOfOtherTools } from '../../input/fields-of-other-tools.js';
import type { ActorRef } from '../../input/references/actor-list.js';
import { ENTRY_ID_KEYS } from '../timeline/entry-kinds.js';
import { TicketFieldsDto } from './ticket-fields.dto.js';

// A ticket being created takes its text as content; one being changed is commented on with a followup.
// A flag for closing, solving or reopening, as other trackers take one: the status says it here.
@FieldsOfOtherTools(
  {
    fields: ['comment', 'comments', 'note', 'notes', 'reply', 'comentario', 'observacao'],
    sentence:
      'a followup (a comment on the ticket) is added with ticket_add_entry {id, kind: "followup", content}; content here replaces the ticket\'s description.',
  },
  {
    fields: ['close', 'closed', 'is_closed', 'fechar', 'fechado', 'encerrar', 'encerrado'],
    sentence: "the status says it: send status 'Closed' (final; 'Solved' lets the requester refuse the solution).",
  },
  {
    fields: ['solve', 'solved', 'is_solved', 'resolve', 'resolved', 'is_resolved', 'resolver', 'resolvido', 'solucionado'],
    sentence: 'the status says it: send status \'Solved\', or add the solution with ticket_add_entry {id, kind: "solution", content}, which solves it.',
  },
  {
    fields: ['reopen', 'reopened', 'reabrir', 'reaberto'],
    sentence: "the status says it: send status 'Processing (assigned)' ('New' when no one is assigned).",
  },
  {
    fields: ENTRY_ID_KEYS,
    sentence:
      'an entry of the timeline is never changed: add a new one with ticket_add_entry {id, kind, content} (a task with its new state); the earlier one stays as it was.',
  },
  {
    fields: ['unassign', 'unassign_me', 'desatribuir'],
    sentence: 'the assignee says it: send assignee_id null (no technician), or remove_assignees with the ones to take off.',
  },
)
export class UpdateTicketDto extends TicketFieldsDto {
  @RefField('ticket', { required: true, target: true, description: 'Id or exact title.' })
  id!: number;

  @ActorsField({ description: 'Added to requesters.' })
  add_requesters?: ActorRef[];

  /** As sent: found among the ticket's requesters by the tool (resolveRemovals). */
  @ActorsField({ foundByTool: true, description: 'Removed from requesters.' })
  remove_requesters?: unknown;

  @ActorsField({ description: 'Added to observers.' })
  add_observers?: ActorRef[];

  /** As sent: found among the ticket's observers by the tool (resolveRemovals). */
  @ActorsField({ foundByTool: true, description: 'Removed from observers.' })
  remove_observers?: unknown;

  @ActorsField({ description: 'Added to assignees.' })
  add_assignees?: ActorRef[];

  /** As sent: found among the ticket's assignees by the tool (resolveRemovals). */
  @ActorsField({ foundByTool: true, description: 'Removed from assignees.' })
  remove_assignees?: unknown;

  /** Its dates are checked against the ticket's stored ones (StoredChecked). */
  static readonly checksStoredRecord = true;
}
