import { DomainCallDto, WriteCallDto, domainField } from '../../common/dto/call-args.dto.js';
import { ChoicesField, RefField } from '../../common/input/fields.js';
import { PROJECT_FIELD_NAMES } from '../project.fields.js';

export class GetProjectDto extends DomainCallDto {
  @domainField('project')
  domain!: 'project';

  @RefField('project', { required: true, target: true, description: 'Project id or exact name.' })
  id!: number;

  @ChoicesField(PROJECT_FIELD_NAMES, { description: 'Only these fields (id is always included).' })
  fields?: string[];
}

export class DeleteProjectDto extends WriteCallDto {
  @domainField('project')
  domain!: 'project';

  @RefField('project', { required: true, target: true, description: 'The project to delete: id or exact name.' })
  id!: number;
}
