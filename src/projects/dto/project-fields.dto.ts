import type { Issue } from '../../envelope/issue.js';
import { endBeforeStart } from '../../input/date-order.js';
import { WriteCallDto } from '../../input/dto/call-args.dto.js';
import { DateField, EnumField, IntField, RefField, TextField } from '../../input/fields.js';
import { PRIORITY } from '../../input/vocab/glpi-vocabularies.js';

/** The project name field; project_create redeclares it required, with the same rules. */
export const PROJECT_NAME_FIELD = { maxLength: 255, printable: true, description: '', aliases: ['title', 'titulo', 'nome', 'subject', 'assunto'] } as const;

/** The writable project fields, shared by create and update. */
export abstract class ProjectFieldsDto extends WriteCallDto {
  @TextField(PROJECT_NAME_FIELD)
  name?: string;

  @TextField({ maxLength: 255, printable: true, nullable: true, description: 'Short code, e.g. "ERP-26".' })
  code?: string | null;

  @TextField({ maxLength: 65000, nullable: true, description: '', aliases: ['description', 'descricao', 'details', 'body', 'text'] })
  content?: string | null;

  @TextField({ maxLength: 65000, nullable: true, description: '' })
  comment?: string | null;

  @RefField('projectState', { nullable: true, description: '', aliases: ['status', 'estado', 'situacao', 'state', 'project_state', 'projectstate'] })
  projectstates_id?: number | null;

  @EnumField(PRIORITY, { description: 'Default 3.' })
  priority?: number;

  @RefField('user', { nullable: true, description: 'Manager.', aliases: ['manager', 'gestor', 'responsavel', 'owner', 'user'] })
  users_id?: number | null;

  @RefField('group', { nullable: true, description: 'Manager group.', aliases: ['group', 'team', 'grupo', 'equipe'] })
  groups_id?: number | null;

  @RefField('entity', { description: 'Default: yours.', aliases: ['entity', 'entidade'] })
  entities_id?: number;

  @RefField('project', { nullable: true, description: 'Parent project.', aliases: ['parent', 'parent_id', 'projeto_pai', 'parent_project'] })
  projects_id?: number | null;

  @DateField({ nullable: true, description: '' })
  plan_start_date?: Date | null;

  @DateField({ nullable: true, description: '' })
  plan_end_date?: Date | null;

  @DateField({ nullable: true, description: '' })
  real_start_date?: Date | null;

  @DateField({ nullable: true, description: '' })
  real_end_date?: Date | null;

  @IntField({ min: 0, max: 100, unit: 'percent', description: '', aliases: ['progress', 'progresso', 'percent', 'completion'] })
  percent_done?: number;

  static crossCheck(value: ProjectFieldsDto): Issue[] {
    const v = value as unknown as Record<string, unknown>;
    return [...endBeforeStart(v, 'plan_start_date', 'plan_end_date'), ...endBeforeStart(v, 'real_start_date', 'real_end_date')];
  }
}
