import { DomainCallDto, RECORD_ID_ALIASES, WriteCallDto } from '../../input/dto/call-args.dto.js';
import { ChoicesField, RefField } from '../../input/fields.js';
import { USER_FIELD_NAMES } from '../user.fields.js';

/*
 * `id` is a plain integer, not a reference: a user the caller cannot see must answer NOT_FOUND,
 * exactly like one that does not exist, and a name lookup would answer a validation error instead.
 */

export class GetUserDto extends DomainCallDto {
  @RefField('user', { required: true, target: true, description: 'Id, login, email or "Firstname Lastname".', aliases: RECORD_ID_ALIASES })
  id!: number;

  @ChoicesField(USER_FIELD_NAMES, { description: '' })
  fields?: string[];
}

export class DeactivateUserDto extends WriteCallDto {
  @RefField('user', { required: true, target: true, description: 'Id, login, email or "Firstname Lastname".', aliases: RECORD_ID_ALIASES })
  id!: number;
}
