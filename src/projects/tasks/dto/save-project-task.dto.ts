import type { Issue } from '../../../envelope/issue.js';
import { endBeforeStart } from '../../../input/date-order.js';
import { WriteCallDto } from '../../../input/dto/call-args.dto.js';
import { DateField, IntField, RefField, TextField } from '../../../input/fields.js';

/** project_task_save: creates a task (no id) or changes one (id), and adds a member or a ticket to it. */
export class SaveProjectTaskDto extends WriteCallDto {
  @IntField({ min: 1, target: true, description: 'Task to change.' })
  id?: number;

  @RefField('project', { description: 'Required on create.' })
  projects_id?: number;

  @TextField({ maxLength: 255, printable: true, description: '' })
  name?: string;

  @TextField({ maxLength: 65000, description: '' })
  content?: string;

  @DateField({ description: '' })
  plan_start_date?: Date;

  @DateField({ description: '' })
  plan_end_date?: Date;

  @IntField({ min: 0, max: 100, unit: 'percent', description: '' })
  percent_done?: number;

  @RefField('projectState', { description: '' })
  projectstates_id?: number;

  @RefField('user', { description: '' })
  member_id?: number;

  @RefField('ticket', { description: '' })
  tickets_id?: number;

  static crossCheck(value: SaveProjectTaskDto): Issue[] {
    return endBeforeStart({ plan_start_date: value.plan_start_date, plan_end_date: value.plan_end_date }, 'plan_start_date', 'plan_end_date');
  }
}
