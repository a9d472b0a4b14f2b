import { TextField } from '../../common/input/fields.js';
import { ProjectFieldsDto } from './project-fields.dto.js';

export class CreateProjectDto extends ProjectFieldsDto {
  @TextField({ required: true, maxLength: 255, description: '', aliases: ['title', 'titulo', 'nome'] })
  override name!: string;
}
