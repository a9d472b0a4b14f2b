import { DomainCallDto, WriteCallDto } from '../../input/dto/call-args.dto.js';
import { ChoicesField, RefField } from '../../input/fields.js';
import { PROJECT_FIELD_NAMES } from '../project.fields.js';

export class GetProjectDto extends DomainCallDto {
  @RefField('project', { required: true, target: true, description: '' })
  id!: number;

  @ChoicesField([...PROJECT_FIELD_NAMES, 'tasks'], { description: '' })
  fields?: string[];
}

export class DeleteProjectDto extends WriteCallDto {
  @RefField('project', { required: true, target: true, description: '' })
  id!: number;
}
