import { ACTOR_TYPE } from '../database/entities/index.js';
import { type Mine, MINE_TYPES } from './dto/search-tickets.dto.js';

/**
 * `ticket_search mine`: tickets where the caller (`:f_mine`) is an actor in that role. Being
 * assigned counts through the groups one belongs to as well (`assignee`, `any`): a technician's
 * work includes the queue of its groups, and a group assignment is how most tickets reach a
 * technician, so leaving them out would answer "nothing assigned to you" wrongly. The answer's
 * assignees show whether a ticket came by the user or by a group.
 */
export function mineCondition(value: Mine): string {
  const byUser = `SELECT a_mine.tickets_id FROM glpi_tickets_users a_mine WHERE a_mine.users_id = :f_mine AND a_mine.type IN (${MINE_TYPES[value].join(', ')})`;
  if (!MINE_TYPES[value].includes(ACTOR_TYPE.assigned)) return `t.id IN (${byUser})`;
  const byGroup = `SELECT g_mine.tickets_id FROM glpi_groups_tickets g_mine JOIN glpi_groups_users gu_mine ON gu_mine.groups_id = g_mine.groups_id WHERE gu_mine.users_id = :f_mine AND g_mine.type = ${ACTOR_TYPE.assigned}`;
  // One list, not `IN (…) OR IN (…)`: MariaDB cannot start a plan from an OR of two subqueries, so it
  // read the whole ticket table to find a user's few tickets (0.5–3.4 s at a million). The union in
  // a derived table is materialized once and the tickets are read by id (SQLite plans both forms so).
  return `t.id IN (SELECT m_mine.tickets_id FROM (${byUser} UNION ${byGroup}) m_mine)`;
}
