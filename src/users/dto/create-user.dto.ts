import { TextField } from '../../common/input/fields.js';
import { UserFieldsDto } from './user-fields.dto.js';

export class CreateUserDto extends UserFieldsDto {
  @TextField({ required: true, maxLength: 255, description: 'Login, unique.', aliases: ['login', 'username', 'user_name'] })
  override name!: string;
}
