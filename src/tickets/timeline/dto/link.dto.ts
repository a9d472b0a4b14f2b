import type { Issue } from '../../../envelope/issue.js';
import { WriteCallDto } from '../../../input/dto/call-args.dto.js';
import { BoolField, EnumField, RefField } from '../../../input/fields.js';
import { LINK_RELATION } from '../timeline-vocabularies.js';

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
