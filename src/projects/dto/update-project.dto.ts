import { RECORD_ID_ALIASES } from '../../input/dto/call-args.dto.js';
import { RefField } from '../../input/fields.js';
import { ProjectFieldsDto } from './project-fields.dto.js';

export class UpdateProjectDto extends ProjectFieldsDto {
  @RefField('project', { required: true, target: true, description: '', aliases: RECORD_ID_ALIASES })
  id!: number;
}
