import type { Issue } from '../../envelope/issue.js';

/** What ticket_add_entry adds, and what a timeline shows (validations are added by ticket_validation). */
export const ENTRY_KINDS = ['followup', 'task', 'solution'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];
export type TimelineKind = EntryKind | 'validation';

/** The fields of ticket_add_entry that belong to one kind only. */
export const KIND_FIELDS: Readonly<Record<string, EntryKind[]>> = {
  is_private: ['followup', 'task'],
  duration: ['task'],
  state: ['task'],
  users_id_tech: ['task'],
  begin: ['task'],
  end: ['task'],
  solutiontypes_id: ['solution'],
};

/** What a call names an entry to change by: an entry is added, never changed, and such a call is told so. */
export const ENTRY_ID_KEYS = ['task_id', 'tasks_id', 'tickettasks_id', 'entry_id', 'followup_id', 'itilfollowups_id', 'solution_id', 'timeline_id'] as const;

/**
 * The kinds a caller's ticket rights let it add. A followup needs only to see the ticket (requesters
 * and observers answer on theirs, as GLPI's ADDMYTICKET and ADD_AS_OBSERVER rights allow); a task or
 * a solution is a technician's (the update right). A right on a field's value, so an issue of `kind`
 * answered with the call's other problems, as a field the profile may not set is.
 */
export function kindRightIssues(kind: EntryKind, ticketRights: readonly string[]): Issue[] {
  if (kind === 'followup' || ticketRights.includes('update')) return [];
  return [
    {
      field: 'kind',
      code: 'FORBIDDEN_FIELD',
      received: kind,
      message: `Your profile adds followups only; a ${kind} is a technician's. Send kind "followup", or leave kind out.`,
      expected: 'followup',
    },
  ];
}
