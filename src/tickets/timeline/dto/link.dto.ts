import type { Issue } from '../../../envelope/issue.js';
import { WriteCallDto } from '../../../input/dto/call-args.dto.js';
import { BoolField, EnumField, RefField } from '../../../input/fields.js';
import { FieldsOfOtherTools } from '../../../input/fields-of-other-tools.js';
import { LINK_RELATION } from '../timeline-vocabularies.js';

// Keys naming the other ticket by how it relates: other_id and relation say it here.
@FieldsOfOtherTools(
  {
    fields: ['duplicate_of', 'duplicate', 'duplicates', 'same_as', 'duplicado_de'],
    sentence: "send other_id with the ticket it duplicates and relation 'Duplicate' (id duplicates other_id).",
  },
  {
    fields: ['parent', 'parent_id', 'parent_ticket', 'parent_ticket_id', 'pai', 'chamado_pai'],
    sentence: "send other_id with the parent ticket and relation 'Child' (id is the child of other_id).",
  },
  {
    fields: ['child', 'child_id', 'child_ticket', 'child_ticket_id', 'subticket', 'filho'],
    sentence: "send other_id with the child ticket and relation 'Parent' (id is the parent of other_id).",
  },
  {
    fields: ['related_to', 'related', 'relacionado_a'],
    sentence: "send other_id with that ticket and relation 'Related'.",
  },
  {
    fields: ['unlink', 'delete', 'delete_link', 'remove_link', 'desvincular'],
    sentence: 'send remove: true with the other ticket in other_id (and the ticket in id).',
  },
)
export class LinkDto extends WriteCallDto {
  @RefField('ticket', { required: true, target: true, description: 'Id or title.' })
  id!: number;

  @RefField('ticket', {
    required: true,
    description: '',
    aliases: [
      'linked_ticket_id',
      'linked_id',
      'linked_ticket',
      'target_id',
      'target_ticket_id',
      'related_ticket_id',
      'related_id',
      'other_ticket_id',
      'other_ticket',
    ],
  })
  other_id!: number;

  @EnumField(LINK_RELATION, { description: 'What id is to other_id.', aliases: ['type', 'link_type', 'relationship', 'relation_type', 'tipo', 'relacao'] })
  relation?: number;

  @BoolField({ description: 'true: remove the link.' })
  remove?: boolean;

  static crossCheck(value: LinkDto): Issue[] {
    if (value.id !== undefined && value.id === value.other_id) {
      return [{ field: 'other_id', code: 'INVALID_VALUE', received: value.other_id, message: 'A ticket cannot be linked to itself.' }];
    }
    return [];
  }
}
