import { TextField } from '../../input/fields.js';
import { PROJECT_NAME_FIELD, ProjectFieldsDto } from './project-fields.dto.js';

export class CreateProjectDto extends ProjectFieldsDto {
  @TextField({ ...PROJECT_NAME_FIELD, required: true })
  override name!: string;

  /** Its manager and group are checked against the stored users and its entity (StoredChecked): one answer names every problem. */
  static readonly checksStoredRecord = true;
}
