/**
 * Tools that were renamed or merged into another (or that peers offer and this catalogue serves as
 * a mode of another tool), with how to call the one that replaced them. A
 * call of an old name is still an unknown tool (the catalogue has only current names), answered
 * with the call to make instead.
 */
export const RENAMED_TOOLS: Readonly<Record<string, string>> = {
  ticket_add_followup: 'ticket_add_entry {kind: "followup"}',
  // Counts take every filter of the search, so they are its mode rather than a second copy of its schema.
  ticket_stats: 'ticket_search {group_by: "status"} with the same filters (group_by lists the other groupings)',
};
