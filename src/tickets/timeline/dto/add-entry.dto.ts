import { DURATION_UNIT, MAX_DURATION_SECONDS } from '../../../dates/duration.js';
import type { Issue } from '../../../envelope/issue.js';
import { endBeforeStart } from '../../../input/date-order.js';
import { WriteCallDto } from '../../../input/dto/call-args.dto.js';
import { ENTRY_CONTENT_ALIASES } from '../../../input/field-aliases.js';
import { BoolField, ChoiceField, DateField, EnumField, IntField, RefField, TextField } from '../../../input/fields.js';
import { FieldsOfOtherTools } from '../../../input/fields-of-other-tools.js';
import { blankTextIssue } from '../../../input/issue-messages.js';
import { PRIVATE_WORDS } from '../../../input/vocab/boolean-words.js';
import { ENTRY_KIND_WORDS } from '../../../input/vocab/choice-words.js';
import { ENTRY_ID_KEYS, ENTRY_KINDS, type EntryKind, KIND_FIELDS } from '../entry-kinds.js';
import { TASK_STATE } from '../timeline-vocabularies.js';

// A timeline entry is GLPI's history of the work: this desk adds entries and never changes one, so a
// call naming the entry to change is told so, not handed every field to guess from.
@FieldsOfOtherTools(
  {
    fields: ENTRY_ID_KEYS,
    sentence: 'an entry is added, never changed: add a new one instead (a task with its new state); the earlier one stays in the timeline as it was.',
  },
  // What a model calls an entry's other fields, and flags for what one of them says: the field and value to send.
  {
    fields: ['technician', 'assigned_to', 'assignee', 'assignee_id', 'author', 'tecnico', 'responsavel', 'autor'],
    sentence: "a task's technician is users_id_tech (an entry's author is the caller; the ticket's assignees are ticket_update's).",
  },
  {
    fields: ['start', 'start_date', 'start_time', 'begin_date', 'scheduled_at', 'date', 'data', 'inicio', 'data_inicio'],
    sentence: 'a task is planned with begin and end, each a date and time (an entry itself is dated when it is added).',
  },
  {
    fields: ['done', 'completed', 'finished', 'is_done', 'feito', 'feita', 'concluida', 'concluido'],
    sentence: "the task's state says it: send state 'Done' (or 'To do', 'Information').",
    whenFlag: true,
  },
  {
    fields: ['todo', 'to_do', 'a_fazer'],
    sentence: "the task's state says it: send state 'To do' (or 'Done', 'Information').",
    whenFlag: true,
  },
  { fields: ['public', 'is_public', 'publico', 'publica'], sentence: 'send is_private false (an entry is public unless is_private is true).' },
  {
    fields: ['solve', 'resolve', 'close', 'close_ticket', 'solve_ticket', 'fechar', 'resolver'],
    sentence: "a solution solves the ticket: send kind 'solution' with its text as content (ticket_update {id, status: 'Closed'} closes it).",
  },
  {
    fields: ['pending', 'set_pending', 'on_hold', 'em_espera'],
    sentence: "an entry leaves the ticket's status as it is (a solution aside): ticket_update {id, status: 'Pending'} sets it.",
  },
)
export class AddEntryDto extends WriteCallDto {
  /** The kind's right is judged with the caller's rights: the input's problems wait for it (refuseProblems). */
  static readonly checksStoredRecord = true;

  @RefField('ticket', { required: true, target: true, description: 'Id or title.' })
  id!: number;

  // Which record the call adds, not a field of it: a profile limited to some fields still chooses it.
  @ChoiceField(ENTRY_KINDS, { call: true, description: 'Default followup.', words: ENTRY_KIND_WORDS })
  kind?: EntryKind;

  @TextField({ required: true, maxLength: 65000, description: '', aliases: ENTRY_CONTENT_ALIASES })
  content!: string;

  @BoolField({ description: 'Hidden from the requester.', flagWords: PRIVATE_WORDS })
  is_private?: boolean;

  @IntField({ min: 0, max: MAX_DURATION_SECONDS, unit: DURATION_UNIT, description: 'Seconds, "1h30" or "90 min".' })
  duration?: number;

  @EnumField(TASK_STATE, { description: '' })
  state?: number;

  @RefField('user', { description: '' })
  users_id_tech?: number;

  @DateField({ description: '' })
  begin?: Date;

  @DateField({ description: '' })
  end?: Date;

  @RefField('solutionType', { description: '' })
  solutiontypes_id?: number;

  /**
   * A field of another kind is refused, not silently dropped; unless the kind itself was refused,
   * which leaves nothing to judge them by. The text is what the entry is: never blank.
   */
  static crossCheck(value: AddEntryDto, failed: ReadonlySet<string>, zone: string): Issue[] {
    const kind = value.kind ?? 'followup';
    const issues: Issue[] = blankTextIssue('content', value.content, `the ${kind}'s text`, 'the text of the entry');
    if (failed.has('kind')) return [...issues, ...endBeforeStart({ begin: value.begin, end: value.end }, 'begin', 'end', zone)];
    for (const [field, kinds] of Object.entries(KIND_FIELDS)) {
      const given = (value as unknown as Record<string, unknown>)[field];
      if (given !== undefined && !kinds.includes(kind)) {
        issues.push({
          field,
          code: 'INVALID_VALUE',
          message: `${field} belongs to kind ${kinds.join(' or ')}, not ${kind}. Leave it out or set kind: "${kinds[0]}".`,
        });
      }
    }
    return [...issues, ...endBeforeStart({ begin: value.begin, end: value.end }, 'begin', 'end', zone)];
  }
}
