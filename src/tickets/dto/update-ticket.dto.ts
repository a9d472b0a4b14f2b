import { ActorsField, RefField } from '../../input/fields.js';
import { FieldsOfOtherTools } from '../../input/fields-of-other-tools.js';
import type { ActorRef } from '../../input/references/actor-list.js';
import { TicketFieldsDto } from './ticket-fields.dto.js';

// A ticket being created takes its text as content; one being changed is commented on with a followup.
@FieldsOfOtherTools({
  fields: ['comment', 'comments', 'note', 'notes', 'reply', 'comentario', 'observacao'],
  sentence:
    'a followup (a comment on the ticket) is added with ticket_add_entry {id, kind: "followup", content}; content here replaces the ticket\'s description.',
})
export class UpdateTicketDto extends TicketFieldsDto {
  @RefField('ticket', { required: true, target: true, description: 'Id or exact title.' })
  id!: number;

  @ActorsField({ description: 'Added to requesters.' })
  add_requesters?: ActorRef[];

  @ActorsField({ description: 'Removed from requesters.' })
  remove_requesters?: ActorRef[];

  @ActorsField({ description: 'Added to observers.' })
  add_observers?: ActorRef[];

  @ActorsField({ description: 'Removed from observers.' })
  remove_observers?: ActorRef[];

  @ActorsField({ description: 'Added to assignees.' })
  add_assignees?: ActorRef[];

  @ActorsField({ description: 'Removed from assignees.' })
  remove_assignees?: ActorRef[];
}
