import { RefField } from '../../input/fields.js';
import { ProjectFieldsDto } from './project-fields.dto.js';

export class UpdateProjectDto extends ProjectFieldsDto {
  @RefField('project', { required: true, target: true, description: '' })
  id!: number;

  /** Its dates are checked against the project's stored ones (StoredChecked). */
  static readonly checksStoredRecord = true;
}
