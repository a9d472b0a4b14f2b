import type { Issue } from '../../../envelope/issue.js';
import { endBeforeStart } from '../../../input/date-order.js';
import { WriteCallDto } from '../../../input/dto/call-args.dto.js';
import { ActorsField, DateField, IntField, RefField, TextField } from '../../../input/fields.js';
import type { ActorRef } from '../../../input/references/actor-list.js';
import { actorRefsIn } from '../../../input/references/current-actors.js';

/** project_task_save: creates a task (no id) or changes one (id), adds or removes members of its team and tickets linked to it. */
export class SaveProjectTaskDto extends WriteCallDto {
  @RefField('projectTask', { target: true, description: '' })
  id?: number;

  @RefField('project', { description: 'Required on create.' })
  projects_id?: number;

  @TextField({ maxLength: 255, printable: true, description: '' })
  name?: string;

  @TextField({ maxLength: 65000, description: '' })
  content?: string;

  // Cleared with null, as a project's plan dates: a task's plan may be dropped, as it may be left out.
  @DateField({ nullable: true, description: '' })
  plan_start_date?: Date | null;

  @DateField({ nullable: true, description: '' })
  plan_end_date?: Date | null;

  @IntField({ min: 0, max: 100, unit: 'percent', description: '' })
  percent_done?: number;

  @RefField('projectState', { description: '' })
  projectstates_id?: number;

  @RefField('user', { description: '' })
  member_id?: number;

  @ActorsField({ description: '' })
  add_members?: ActorRef[];

  /** As sent: found among the task's team by the tool (resolveRemovals). */
  @ActorsField({ foundByTool: true, description: '' })
  remove_members?: unknown;

  /** A ticket, or a list of them: each linked. */
  @RefField('ticket', { several: true, description: '' })
  tickets_id?: number | readonly number[];

  /** A ticket, or a list of them: each unlinked. */
  @RefField('ticket', { several: true, description: '' })
  remove_tickets_id?: number | readonly number[];

  /** A changed task's dates are checked against its stored ones (StoredChecked). */
  static readonly checksStoredRecord = true;

  static crossCheck(value: SaveProjectTaskDto, _failed: ReadonlySet<string>, zone: string): Issue[] {
    return [
      ...endBeforeStart({ plan_start_date: value.plan_start_date, plan_end_date: value.plan_end_date }, 'plan_start_date', 'plan_end_date', zone),
      ...addedAndRemoved(value),
    ];
  }
}

/** No ticket both linked and unlinked, and nobody both added to and removed from the team (membersAddedAndRemoved), in one call. */
function addedAndRemoved(value: SaveProjectTaskDto): Issue[] {
  const issues = membersAddedAndRemoved(value);
  const unlinked = new Set(ticketsIn(value.remove_tickets_id));
  const linkedAndUnlinked = ticketsIn(value.tickets_id).filter((id) => unlinked.has(id));
  if (linkedAndUnlinked.length) {
    issues.push({
      field: 'remove_tickets_id',
      code: 'INVALID_VALUE',
      message: `${linkedAndUnlinked.length > 1 ? 'Tickets' : 'Ticket'} ${linkedAndUnlinked.join(', ')} both linked and unlinked. Send each ticket in one of tickets_id, remove_tickets_id.`,
    });
  }
  return issues;
}

/**
 * Nobody is both added to and removed from the team. Removals named by name are found among the
 * team by the tool (resolveRemovals), which checks again with them found.
 */
export function membersAddedAndRemoved(value: Pick<SaveProjectTaskDto, 'add_members' | 'member_id' | 'remove_members'>): Issue[] {
  const key = (a: ActorRef) => `${a.type}:${a.id}`;
  const added = [...(value.add_members ?? []), ...(value.member_id !== undefined ? [{ type: 'user' as const, id: value.member_id }] : [])];
  const removed = new Set(actorRefsIn(value.remove_members).map(key));
  const both = added.filter((a) => removed.has(key(a)));
  if (!both.length) return [];
  return [
    {
      field: 'remove_members',
      code: 'INVALID_VALUE',
      message: `${both.map((a) => `${a.type} ${a.id}`).join(', ')} both added to and removed from the team. Send each member in one of the two.`,
    },
  ];
}

/** The tickets of tickets_id or remove_tickets_id: none, the one sent, or each of a list. */
export function ticketsIn(value: number | readonly number[] | undefined): readonly number[] {
  return value === undefined ? [] : typeof value === 'number' ? [value] : value;
}
