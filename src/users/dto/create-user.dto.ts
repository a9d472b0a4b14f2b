import { TextField } from '../../input/fields.js';
import { LOGIN_FIELD, UserFieldsDto } from './user-fields.dto.js';

export class CreateUserDto extends UserFieldsDto {
  @TextField({ ...LOGIN_FIELD, required: true })
  override name!: string;

  /** Its login and email are checked against the other users' (StoredChecked). */
  static readonly checksStoredRecord = true;
}
