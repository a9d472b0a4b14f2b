/**
 * Tools that were renamed or merged into another, and names peers give tools of their own whose
 * work needs particular arguments of a tool here (a kind of entry, a status), each with the call to
 * make instead. A call of such a name is still an unknown tool (the catalogue has only current
 * names), answered with that call. A name that differs from a tool here by its verb alone
 * (`ticket_list`, `ticket_comment`) is closest-tools.ts's.
 */
export const RENAMED_TOOLS: Readonly<Record<string, string>> = {
  ticket_add_followup: 'ticket_add_entry {kind: "followup"}',
  ticket_add_task: 'ticket_add_entry {id, kind: "task", content}',
  ticket_add_solution: 'ticket_add_entry {id, kind: "solution", content}',
  ticket_solve: 'ticket_add_entry {id, kind: "solution", content} (the ticket becomes Solved)',
  ticket_resolve: 'ticket_add_entry {id, kind: "solution", content} (the ticket becomes Solved)',
  ticket_close: 'ticket_update {id, status: "Closed"}',
  ticket_reopen: 'ticket_update {id, status} with an open status (New, Processing)',
  ticket_assign: 'ticket_update {id, assignee_id} (add_assignees adds one to those there)',
  user_delete: 'user_deactivate {id} (users are deactivated, never deleted)',
  project_add_task: 'project_task_save {projects_id, name}',
  project_task_create: 'project_task_save {projects_id, name}',
  project_task_update: 'project_task_save {id}',
  // Counts take every filter of the search, so they are its mode rather than a second copy of its schema.
  ticket_stats: 'ticket_search {group_by: "status"} with the same filters (group_by lists the other groupings)',
};
