/**
 * Tools that were renamed or merged into another, with how to call the one that replaced them. A
 * call of an old name is still an unknown tool (the catalogue has only current names), answered
 * with the call to make instead.
 */
export const RENAMED_TOOLS: Readonly<Record<string, string>> = {
  ticket_add_followup: 'ticket_add_entry {kind: "followup"}',
};
