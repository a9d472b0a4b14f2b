import { TextField } from '../../input/fields.js';
import { LOGIN_FIELD, UserFieldsDto } from './user-fields.dto.js';

export class CreateUserDto extends UserFieldsDto {
  @TextField({ ...LOGIN_FIELD, required: true })
  override name!: string;
}
