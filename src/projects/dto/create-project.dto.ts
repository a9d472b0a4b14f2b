import { TextField } from '../../input/fields.js';
import { PROJECT_NAME_FIELD, ProjectFieldsDto } from './project-fields.dto.js';

export class CreateProjectDto extends ProjectFieldsDto {
  @TextField({ ...PROJECT_NAME_FIELD, required: true })
  override name!: string;
}
