import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Principal } from '../auth/principal.js';
import { visibleProjects } from '../auth/visibility.js';
import { andThen, type Maybe } from '../database/maybe.js';
import { rowsOf } from '../database/read-rows.js';
import { SqlTexts } from '../database/sql-texts.js';

/** A project task a ticket is linked to, as ticket_get names it. */
export interface LinkedProjectTask {
  id: number;
  name: string;
}

/** A ticket's project tasks, in the projects a visibility condition lets through. */
const TASKS_OF_TICKET = new SqlTexts(
  (visible) =>
    `SELECT pt.id AS id, pt.name AS name FROM glpi_projecttasks_tickets l JOIN glpi_projecttasks pt ON pt.id = l.projecttasks_id
     JOIN glpi_projects p ON p.id = pt.projects_id WHERE l.tickets_id = ? AND ${visible} ORDER BY pt.id`,
);

/**
 * The project tasks a ticket answers (GLPI's glpi_projecttasks_tickets), as far as the caller may
 * see them: a task is visible with its project, and not at all to a caller without the right to
 * read projects (Self-Service sees its ticket, not the project work behind it).
 */
@Injectable()
export class TicketProjectTasks {
  constructor(private readonly dataSource: DataSource) {}

  of(ticketId: number, principal: Principal): Maybe<LinkedProjectTask[]> {
    if (!principal.rights.project.includes('read')) return [];
    const visible = visibleProjects('p', principal.scope);
    const rows = rowsOf<{ id: number | string; name: string }>(this.dataSource, TASKS_OF_TICKET.of(visible.sql), [ticketId, ...visible.params]);
    return andThen(rows, (read) => read.map((r) => ({ id: Number(r.id), name: r.name })));
  }
}
