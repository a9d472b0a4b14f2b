import { WriteCallDto } from '../../input/dto/call-args.dto.js';
import { BoolField, IntField, TextField } from '../../input/fields.js';

export class AddFollowupDto extends WriteCallDto {
  @IntField({ required: true, min: 1, target: true, description: 'Ticket id.' })
  id!: number;

  @TextField({ required: true, maxLength: 65000, description: 'Followup text.' })
  content!: string;

  @BoolField({ description: 'true: visible to technicians only, not to the requester (default false).' })
  is_private?: boolean;
}
