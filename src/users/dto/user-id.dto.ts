import { DomainCallDto, WriteCallDto } from '../../input/dto/call-args.dto.js';
import { ChoicesField, RefField } from '../../input/fields.js';
import { USER_FIELD_NAMES } from '../user.fields.js';

/*
 * `id` is the user a tool acts on (a target reference): an id passes through to the service, which
 * answers NOT_FOUND for a user the caller cannot see exactly as for one that does not exist; a login,
 * email or "Firstname Lastname" resolves like any reference, within what the caller may see.
 */

export class GetUserDto extends DomainCallDto {
  @RefField('user', { required: true, target: true, description: 'Id, login, email or "Firstname Lastname".' })
  id!: number;

  @ChoicesField(USER_FIELD_NAMES, { description: '' })
  fields?: string[];
}

export class DeactivateUserDto extends WriteCallDto {
  @RefField('user', { required: true, target: true, description: 'Id, login, email or "Firstname Lastname".' })
  id!: number;
}
