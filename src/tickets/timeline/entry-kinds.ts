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
