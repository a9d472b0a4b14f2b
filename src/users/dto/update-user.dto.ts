import { RefField } from '../../input/fields.js';
import { UserFieldsDto } from './user-fields.dto.js';

export class UpdateUserDto extends UserFieldsDto {
  @RefField('user', { required: true, target: true, description: 'Id, login, email or "Firstname Lastname".' })
  id!: number;
}
