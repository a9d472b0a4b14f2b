import type { Issue } from '../../envelope/issue.js';
import { endBeforeStart } from '../../input/date-order.js';
import { WriteCallDto } from '../../input/dto/call-args.dto.js';
import { DateField, EnumField, IntField, RefField, TextField } from '../../input/fields.js';
import { FieldsOfOtherTools } from '../../input/fields-of-other-tools.js';
import { blankNameIssue } from '../../input/issue-messages.js';
import { PRIORITY } from '../../input/vocab/glpi-vocabularies.js';

/** The project name field; project_create redeclares it required, with the same rules. */
export const PROJECT_NAME_FIELD = { maxLength: 255, printable: true, description: '' } as const;

/** What a flag for a finished project is told: its states are records, named by the deployment (GLPI's own named). */
const FINISHED_STATE = "the state says it: send projectstates_id with a finished state (GLPI's: Closed), and percent_done 100 if the work is all done.";

/** The writable project fields, shared by create and update. */
@FieldsOfOtherTools(
  {
    fields: ['task', 'tasks', 'project_tasks', 'add_task', 'add_tasks', 'new_task', 'milestones', 'members', 'team', 'tarefas', 'nova_tarefa', 'equipe'],
    sentence: "a project's tasks are saved one a call with project_task_save {projects_id, name, …}, and each task's team with its add_members.",
  },
  // GLPI links tickets to a project's tasks, not to the project itself.
  {
    fields: ['tickets', 'ticket', 'ticket_id', 'tickets_id', 'add_tickets', 'linked_tickets', 'chamados', 'chamado'],
    sentence:
      'tickets are linked to a task of the project with project_task_save {id (the task), tickets_id} (a ticket or a list), or a new task {projects_id, name, tickets_id}.',
  },
  // A flag for the project's state.
  {
    fields: ['completed', 'finished', 'closed', 'is_closed', 'concluido', 'encerrado', 'fechado'],
    sentence: FINISHED_STATE,
  },
  // `done` is also spelled like the manager's other name (`dono`, owner): a name under it is suggested there.
  {
    fields: ['done'],
    sentence: FINISHED_STATE,
    whenFlag: true,
  },
  {
    fields: ['in_progress', 'active', 'ongoing', 'started', 'em_andamento', 'ativo', 'iniciado'],
    sentence: "the state says it: send projectstates_id with a state of work under way (GLPI's: Processing).",
  },
)
export abstract class ProjectFieldsDto extends WriteCallDto {
  @TextField(PROJECT_NAME_FIELD)
  name?: string;

  @TextField({ maxLength: 255, printable: true, nullable: true, description: 'Short code, e.g. "ERP-26".' })
  code?: string | null;

  @TextField({ maxLength: 65000, nullable: true, description: '' })
  content?: string | null;

  @TextField({ maxLength: 65000, nullable: true, description: '' })
  comment?: string | null;

  @RefField('projectState', { nullable: true, description: '' })
  projectstates_id?: number | null;

  @EnumField(PRIORITY, { description: 'Default 3.' })
  priority?: number;

  @RefField('user', { nullable: true, description: 'Manager.' })
  users_id?: number | null;

  @RefField('group', { nullable: true, description: 'Manager group.' })
  groups_id?: number | null;

  @RefField('entity', { description: 'Default: yours.' })
  entities_id?: number;

  @RefField('project', { nullable: true, description: 'Parent project.' })
  projects_id?: number | null;

  @DateField({ nullable: true, description: '' })
  plan_start_date?: Date | null;

  @DateField({ nullable: true, description: '' })
  plan_end_date?: Date | null;

  @DateField({ nullable: true, description: '' })
  real_start_date?: Date | null;

  @DateField({ nullable: true, description: '' })
  real_end_date?: Date | null;

  @IntField({ min: 0, max: 100, unit: 'percent', description: '' })
  percent_done?: number;

  static crossCheck(value: ProjectFieldsDto, _failed: ReadonlySet<string>, zone: string): Issue[] {
    const v = value as unknown as Record<string, unknown>;
    return [
      ...blankNameIssue(value.name, "the project's name", 'a non-empty name'),
      ...endBeforeStart(v, 'plan_start_date', 'plan_end_date', zone),
      ...endBeforeStart(v, 'real_start_date', 'real_end_date', zone),
    ];
  }
}
