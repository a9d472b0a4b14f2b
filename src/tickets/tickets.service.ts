import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { entityLineOf } from '../auth/entity-line.js';
import type { Principal } from '../auth/principal.js';
import { Ticket } from '../database/entities/index.js';
import { type Maybe, settleAll } from '../database/maybe.js';
import { readTogether } from '../database/read-rows.js';
import { insertRow } from '../database/write-rows.js';
import { DeskError } from '../envelope/desk-error.js';
import { type Answer, INSERTED, type Outcome } from '../envelope/envelope.js';
import type { Issue } from '../envelope/issue.js';
import { datesAgainstStored, endBeforeStart, type Period } from '../input/date-order.js';
import { failedFields, metaOf } from '../input/input-meta.js';
import type { ActorRef } from '../input/references/actor-list.js';
import { currentActorsNamed, type Removals, resolveRemovals } from '../input/references/current-actors.js';
import { nameScopeOf } from '../input/references/reference-scope.js';
import { CLOSED_STATUS, SOLVED_STATUS } from '../input/vocab/glpi-vocabularies.js';
import { priorityFrom } from '../input/vocab/priority-matrix.js';
import { appliedView, Presenter, type Row, showsField, type View } from '../present/presenter.js';
import { pageOutcome, runSearch, type SearchArgs } from '../search/search-runner.js';
import { matchKey } from '../text/normalize.js';
import type { Call } from '../tools/call.js';
import { Tool } from '../tools/tool.decorator.js';
import { refuseProblems } from '../writes/all-problems.js';
import { changedValues } from '../writes/changed-values.js';
import { unseenReferenceIssues } from '../writes/entity-fit.js';
import { updateMessage } from '../writes/update-message.js';
import { WriteUnit } from '../writes/write-unit.js';
import { actorIssues, type EntityMove, usersAdded } from './actor-eligibility.js';
import { actorConflicts } from './actor-rules.js';
import { CreateTicketDto } from './dto/create-ticket.dto.js';
import { SearchTicketsDto } from './dto/search-tickets.dto.js';
import { DeleteTicketDto, GetTicketDto } from './dto/ticket-id.dto.js';
import { UpdateTicketDto } from './dto/update-ticket.dto.js';
import { TicketStats } from './stats/ticket-stats.js';
import { TICKET_WRITABLE, type TicketColumn } from './ticket.fields.js';
import {
  type ActorChanges,
  actorsApplied,
  assignsSomeone,
  hasAssignee,
  keepsActor,
  type Role,
  ROLE_NAMES,
  unassignsSomeone,
  writeActors,
} from './ticket-actors.js';
import { TicketProjectTasks } from './ticket-project-tasks.js';
import { referencesKept, referencesNamed } from './ticket-references.js';
import {
  ASSIGNED_STATUS,
  DEFAULT_IMPACT,
  DEFAULT_TYPE,
  DEFAULT_URGENCY,
  NEW_STATUS,
  recomputedPriority,
  statusStamps,
  statusStateOf,
  statusWithoutAssignee,
} from './ticket-rules.js';
import { showsActors, TicketViews } from './ticket-views.js';
import { SYSTEM_VIEWER, type TicketRow, TicketsRepository, viewerOf } from './tickets.repository.js';
import { type AlsoChanged, alsoChanged, alsoChangedSentence } from './timeline/also-changed.js';
import { duplicatesFollow } from './timeline/link-rules.js';
import { solutionFollowsStatus } from './timeline/solution-rules.js';
import { TimelineService } from './timeline/timeline.service.js';

/** Tickets: the one code path behind the ticket_* tools and /api/tickets. */
@Injectable()
export class TicketsService {
  constructor(
    private readonly queries: TicketsRepository,
    private readonly presenter: Presenter,
    private readonly writes: WriteUnit,
    private readonly views: TicketViews,
    private readonly stats: TicketStats,
    private readonly timelines: TimelineService,
    private readonly projectTasks: TicketProjectTasks,
    private readonly dataSource: DataSource,
  ) {}

  @Tool({
    name: 'ticket_get',
    domain: 'ticket',
    access: 'read',
    title: 'Get a ticket',
    summary: 'One ticket by id or title, with its timeline (newest first), links and actiontime (task seconds).',
    notFor: 'finding tickets (ticket_search).',
    example: { id: 3 },
    input: GetTicketDto,
  })
  async get(input: GetTicketDto, call: Call): Promise<Outcome> {
    const viewer = viewerOf(call.principal);
    // The ticket's reads start together: on a pooled database they run side by side, on SQLite in one
    // read transaction, each answered at once (no promise: maybe.ts). Those of a ticket the caller
    // may not see are read, and never shown.
    const reads = readTogether(this.dataSource, () =>
      settleAll([
        () => this.queries.findVisible(input.id, viewer),
        () => (showsActors(input.fields) ? this.views.actorsOf([input.id]) : undefined),
        () => (showsField(input.fields, 'timeline') ? this.timelines.page(input.id, viewer, call, input.timeline_cursor) : undefined),
        () => (showsField(input.fields, 'links') ? this.timelines.links(input.id, viewer) : undefined),
        () => (showsField(input.fields, 'actiontime') ? this.timelines.actiontime(input.id, viewer) : undefined),
        () => (showsField(input.fields, 'project_tasks') ? this.projectTasks.of(input.id, call.principal) : undefined),
      ]),
    );
    const [rowRead, actorsRead, pageRead, linksRead, actiontimeRead, projectTasksRead] = reads instanceof Promise ? await reads : reads;
    const row = settledValue(rowRead);
    if (!row) throw await this.queries.notFound(input.id, viewer);
    const presented = this.views.present([row], call.zone, input.fields, undefined, settledValue(actorsRead));
    const [view] = presented instanceof Promise ? await presented : presented;
    const page = settledValue(pageRead);
    const links = settledValue(linksRead);
    const actiontime = settledValue(actiontimeRead);
    const projectTasks = settledValue(projectTasksRead);
    if (actiontime !== undefined) view.actiontime = actiontime;
    if (links) view.links = links;
    if (projectTasks) view.project_tasks = projectTasks;
    if (page) Object.assign(view, page);
    return { message: `Ticket ${input.id}.`, id: input.id, data: view };
  }

  @Tool({
    name: 'ticket_search',
    domain: 'ticket',
    access: 'read',
    title: 'Search tickets',
    summary: 'Tickets matching filters, free text and date ranges; sorted and paged. group_by: counts per value instead (solved, hours to solve, overdue).',
    notFor: 'projects or users (project_search, user_search).',
    notes: ["mine: yours in that role; assignee: your groups' too."],
    example: { status: 'Em atendimento (atribuído)', assignee_id: 'tech', query: 'impressora', sort: '-priority' },
    input: SearchTicketsDto,
  })
  async search(input: SearchTicketsDto, call: Call): Promise<Outcome> {
    if (input.group_by) return this.stats.count(input, input.group_by, call);
    const page = await runSearch(this.queries.searchPlan(viewerOf(call.principal), call.principal.userId), input as unknown as SearchArgs, call);
    const items = await this.present(page.rows, call.zone, input.fields);
    return pageOutcome('ticket', page, items, metaOf(input).resolved);
  }

  @Tool({
    name: 'ticket_create',
    domain: 'ticket',
    access: 'create',
    title: 'Open a ticket',
    summary: 'Opens a ticket; returns what was stored ("applied"). Defaults: requester you, priority from urgency x impact.',
    notFor: 'changing a ticket (ticket_update), comments, tasks, solutions (ticket_add_entry).',
    example: {
      name: 'Impressora não imprime',
      type: 'Incidente',
      urgency: 'Alta',
      itilcategories_id: 'Hardware',
      time_to_resolve: 'in 7 days 18:00',
    },
    input: CreateTicketDto,
  })
  async create(input: CreateTicketDto, call: Call): Promise<Answer> {
    const meta = metaOf(input);
    return this.writes.run(call, input, async ({ manager, now, dryRun }) => {
      const principal = call.principal;
      const actors: ActorChanges = { roles: listChanges(input) };
      // The caller is the requester unless the call names requesters.
      if (input.requester_id !== undefined || input.requesters === undefined) actors.requester_id = this.requesterFor(input.requester_id, principal);
      if (input.assignee_id != null) actors.assignee_id = input.assignee_id;
      if (input.assignee_group_id != null) actors.assignee_group_id = input.assignee_group_id;
      const assigned = assignsSomeone(actors);
      const given = input as unknown as Record<string, unknown>;
      const values: Record<string, unknown> = {};
      for (const column of TICKET_WRITABLE) {
        const value = given[column] ?? this.createDefault(column, values, assigned, principal, now);
        if (value !== undefined && value !== null) values[column] = value;
      }
      if (values.entities_id === undefined) throw new DeskError('FORBIDDEN', 'You have no entity to open tickets in. Name one with entities_id.');
      Object.assign(values, statusStamps(Number(values.status), null, now));
      // What is seen from the ticket's entity, read once for both checks (and only when one asks);
      // an entity that could not be read leaves it unknown, and nothing is judged against a guess.
      const line = entityLineOf(manager, Number(values.entities_id));
      const unfit = failedFields(input).has('entities_id')
        ? []
        : [
            ...(await actorIssues(manager, null, line, usersAdded(actors, principal.userId), meta.resolved)),
            ...(await unseenReferenceIssues(
              manager,
              { noun: 'ticket', line },
              referencesNamed(values, actors),
              [],
              meta.resolved,
              nameScopeOf(principal, call.zone),
            )),
          ];
      // The opening date defaults to now: a deadline sent alone may be before it.
      refuseProblems(call, input, [
        ...endBeforeStart(values, 'date', 'time_to_resolve', call.zone, given.date === undefined ? 'now: the opening date when none is sent' : undefined),
        ...unfit,
      ]);

      const callerId = principal.userId;
      // Object.assign, not spreads: V8 spreads an object and then adds keys far slower than it copies them.
      const id = await insertRow(
        manager,
        Ticket,
        Object.assign({}, values, {
          name_key: matchKey(String(values.name)),
          users_id_recipient: callerId,
          users_id_lastupdater: callerId,
          is_deleted: false,
          date_creation: now,
          date_mod: now,
        }),
      );
      await writeActors(manager, id, actors, true);

      const created = {
        message: `Ticket ${id} created.`,
        id,
        [INSERTED]: true,
        applied: appliedView(Object.assign({}, values, actorsApplied(actors)), call.zone),
        resolved: meta.resolved,
      };
      // A dry run's answer has no view of the record it rolls back: reading it back would be wasted.
      if (dryRun) return created;
      const stored = await this.queries.findVisible(id, SYSTEM_VIEWER, manager);
      const [view] = await this.present([stored!], call.zone, undefined, manager);
      return { ...created, data: view };
    });
  }

  @Tool({
    name: 'ticket_update',
    sameFieldsAs: 'ticket_create',
    domain: 'ticket',
    access: 'update',
    title: 'Update a ticket',
    summary: 'Changes the given fields of one ticket (null clears); returns "applied". Urgency or impact recompute priority.',
    notFor: 'comments, tasks, solutions (ticket_add_entry).',
    notes: ['An assignee on a New ticket makes it Processing (assigned) unless status is given.'],
    example: { id: 3, status: 'Solucionado', assignee_id: 'tech' },
    input: UpdateTicketDto,
    locks: { table: 'glpi_tickets', fields: ['id'] },
  })
  async update(input: UpdateTicketDto, call: Call): Promise<Answer> {
    const meta = metaOf(input);
    return this.writes.run(call, input, async ({ manager, now, rehearsal }) => {
      const viewer = viewerOf(call.principal);
      const current = await this.queries.findVisibleOrFail(input.id, viewer, manager);
      if (rehearsal) [rehearsal.before] = await this.present([current], call.zone, undefined, manager);
      const given = input as unknown as Record<string, unknown>;
      let values: Record<string, unknown> = {};
      for (const column of TICKET_WRITABLE) {
        if (meta.provided.has(column)) values[column] = given[column] ?? null;
      }
      // Those taken off the ticket are found among its actors now: their names may be ones the caller could not add.
      const removals = await this.removedActors(manager, input);
      const actors: ActorChanges = { roles: listChanges(input, removals.lists) };
      if (meta.provided.has('requester_id')) actors.requester_id = this.requesterFor(input.requester_id, call.principal);
      if (meta.provided.has('assignee_id')) actors.assignee_id = input.assignee_id ?? null;
      if (meta.provided.has('assignee_group_id')) actors.assignee_group_id = input.assignee_group_id ?? null;
      // Every problem of the call in one answer, before anything is written.
      refuseProblems(call, input, [...removals.issues, ...(await this.updateIssues(manager, input, current, values, actors, call))]);
      // Only what differs from the ticket is written: an urgency it has already recomputes nothing, a status it is in stamps nothing.
      values = changedValues(values, current);

      if (!meta.provided.has('priority') && (values.urgency !== undefined || values.impact !== undefined)) {
        values.priority = recomputedPriority(values.urgency, values.impact, current);
      }
      const assigning = assignsSomeone(actors);
      if (!meta.provided.has('status') && assigning && Number(current.status) === NEW_STATUS) values.status = ASSIGNED_STATUS;
      let also: AlsoChanged | undefined;
      if (values.status !== undefined) {
        Object.assign(values, statusStamps(Number(values.status), statusStateOf(current), now));
        const solutions = await solutionFollowsStatus(manager, input.id, Number(current.status), Number(values.status), call.principal.userId, now);
        also = alsoChanged(await duplicatesFollow(manager, input.id, Number(values.status), call.principal.userId, now), solutions);
      }

      const key = typeof values.name === 'string' ? { name_key: matchKey(values.name) } : {};
      const touched = Object.keys(values).length > 0 || Object.keys(actorsApplied(actors)).length > 0;
      if (touched) await manager.update(Ticket, { id: input.id }, { ...values, ...key, users_id_lastupdater: call.principal.userId, date_mod: now });
      await writeActors(manager, input.id, actors, false);
      // A ticket left without an assignee is New again (statusWithoutAssignee), unless the call set its status.
      const unassigned = meta.provided.has('status') || !unassignsSomeone(actors) ? undefined : statusWithoutAssignee(Number(values.status ?? current.status));
      if (unassigned !== undefined && !(await hasAssignee(manager, input.id))) {
        values.status = unassigned;
        await manager.update(Ticket, { id: input.id }, { status: unassigned });
      }
      const stored = await this.queries.findVisible(input.id, SYSTEM_VIEWER, manager);
      const [view] = await this.present([stored!], call.zone, undefined, manager);
      const applied = appliedView({ ...values, ...actorsApplied(actors) }, call.zone);
      const count = Object.keys(applied).length;
      if (also) applied.also_changed = also;
      return {
        message: updateMessage('ticket', input.id, count) + alsoChangedSentence(also),
        id: input.id,
        applied,
        resolved: { ...meta.resolved, ...removals.resolved },
        data: view,
      };
    });
  }

  @Tool({
    name: 'ticket_delete',
    domain: 'ticket',
    access: 'delete',
    title: 'Delete a ticket',
    summary: 'Moves one ticket (by id or title) to the trash (soft delete).',
    notFor: 'solving or closing (ticket_update status).',
    example: { id: 42 },
    input: DeleteTicketDto,
    locks: { table: 'glpi_tickets', fields: ['id'] },
  })
  async delete(input: DeleteTicketDto, call: Call): Promise<Answer> {
    return this.writes.run(call, input, async ({ manager, now, rehearsal }) => {
      const viewer = viewerOf(call.principal);
      const current = await this.queries.findVisibleOrFail(input.id, viewer, manager);
      if (rehearsal) [rehearsal.before] = await this.present([current], call.zone, undefined, manager);
      await manager.update(Ticket, { id: input.id }, { is_deleted: true, users_id_lastupdater: call.principal.userId, date_mod: now });
      return { message: `Ticket ${input.id} '${String(current.name)}' deleted.`, id: input.id, applied: { is_deleted: true } };
    });
  }

  /**
   * The actors an update takes off the ticket (remove_requesters, …), each found among the ticket's
   * actors of that role now; then nobody is both added to and removed from a role.
   */
  private async removedActors(manager: EntityManager, input: UpdateTicketDto): Promise<Removals> {
    const given = input as unknown as Record<string, unknown>;
    const sent = ROLE_NAMES.filter((role) => given[`remove_${role}`] !== undefined);
    if (sent.length === 0) return { lists: {}, resolved: {}, issues: [] };
    const lists = (await this.views.actorsOf([input.id], manager)).get(input.id);
    const removals = await resolveRemovals(
      await Promise.all(
        sent.map(async (role) => ({
          field: `remove_${role}`,
          value: given[`remove_${role}`],
          among: await currentActorsNamed(manager, lists?.[role] ?? []),
          adding: await currentActorsNamed(manager, (given[`add_${role}`] as ActorRef[] | undefined) ?? []),
          role: `${role} of ticket ${input.id}`,
        })),
      ),
    );
    if (removals.issues.length === 0) removals.issues.push(...actorConflicts(input, removals.lists));
    return removals;
  }

  /** Rows as callers see them, with every actor and the deadline fields. */
  private present(rows: Row[], timezone: string, fields?: string[], manager?: EntityManager): Maybe<View[]> {
    return this.views.present(rows, timezone, fields, manager);
  }

  /** The requester of a write: the caller by default; Self-Service may not name anybody else. */
  private requesterFor(requested: number | undefined, principal: Principal): number {
    if (principal.rights.ticket_scope === 'own' && requested !== undefined && requested !== principal.userId) {
      throw new DeskError(
        'FORBIDDEN',
        `Your profile opens and follows tickets only for yourself (${principal.login}); requester_id cannot name another user. Leave requester_id out.`,
      );
    }
    return requested ?? principal.userId;
  }

  /**
   * What an update may not do to `current`: end before it starts, clear the title, add an actor who
   * may not be one, name (or, moving it, keep) a category, location or group not seen from its entity.
   */
  private async updateIssues(
    manager: EntityManager,
    input: UpdateTicketDto,
    current: TicketRow,
    values: Record<string, unknown>,
    actors: ActorChanges,
    call: Call,
  ): Promise<Issue[]> {
    const { provided, resolved } = metaOf(input);
    // A ticket that stays solved or closed was opened before it was: GLPI refuses such dates too.
    const finished = [SOLVED_STATUS, CLOSED_STATUS].includes(Number(values.status ?? current.status));
    const periods = finished ? FINISHED_TICKET_PERIODS : TICKET_PERIODS;
    const failed = failedFields(input);
    const issues: Issue[] = datesAgainstStored(values, current as unknown as Record<string, unknown>, periods, call.zone, failed);
    if (provided.has('name') && !values.name) issues.push({ field: 'name', code: 'REQUIRED', received: null, message: 'name (the title) cannot be cleared.' });
    // Where the ticket is to be is unknown when entities_id could not be read: nothing is judged against a guess.
    if (failed.has('entities_id')) return issues;
    const entityId = Number(values.entities_id ?? current.entities_id);
    const moved = provided.has('entities_id') && entityId !== Number(current.entities_id);
    const moveIssue = { field: 'entities_id', code: 'INVALID_VALUE', received: resolved.entities_id?.input ?? entityId } as const;
    const move: EntityMove | undefined = moved
      ? { keeps: (userId) => keepsActor(actors, 'assignees', { type: 'user', id: userId }), issue: moveIssue }
      : undefined;
    const line = entityLineOf(manager, entityId);
    issues.push(...(await actorIssues(manager, input.id, line, usersAdded(actors, call.principal.userId), resolved, move)));
    const kept = moved ? await referencesKept(manager, current, provided, actors) : [];
    const ticket = { noun: 'ticket', line, move: moved ? moveIssue : undefined } as const;
    issues.push(...(await unseenReferenceIssues(manager, ticket, referencesNamed(values, actors), kept, resolved, nameScopeOf(call.principal, call.zone))));
    return issues;
  }

  /** GLPI's default for a column the create call left out (priority follows urgency and impact chosen so far). */
  private createDefault(column: TicketColumn, values: Record<string, unknown>, assigned: boolean, principal: Principal, now: Date): unknown {
    switch (column) {
      case 'type':
        return DEFAULT_TYPE;
      case 'status':
        return assigned ? ASSIGNED_STATUS : NEW_STATUS;
      case 'urgency':
        return DEFAULT_URGENCY;
      case 'impact':
        return DEFAULT_IMPACT;
      case 'priority':
        return priorityFrom(Number(values.urgency), Number(values.impact));
      case 'entities_id':
        return principal.defaultEntityId ?? undefined;
      case 'date':
        return now;
      default:
        return undefined;
    }
  }
}

/** time_to_resolve may not be before the opening date, whichever of the two the call changes. */
const TICKET_PERIODS: readonly Period[] = [['date', 'time_to_resolve']];
/** A solved or closed ticket's opening date is not after the day it was solved or closed. */
const FINISHED_TICKET_PERIODS: readonly Period[] = [...TICKET_PERIODS, ['date', 'solvedate', 'stamped'], ['date', 'closedate', 'stamped']];

/**
 * The list fields of a create or update: a role's list replaces it, add_/remove_ change it. Those
 * removed are as found among the ticket's actors (`removed`, resolveRemovals); a create has none.
 */
function listChanges(input: object, removed: Readonly<Record<string, ActorRef[]>> = {}): ActorChanges['roles'] {
  const given = input as Record<string, ActorRef[] | undefined>;
  const roles: NonNullable<ActorChanges['roles']> = {};
  for (const role of ROLE_NAMES) {
    const change = { set: given[role], add: given[`add_${role}`], remove: removed[`remove_${role}`] };
    if (change.set || change.add || change.remove) roles[role as Role] = change;
  }
  return roles;
}

/** A read's value, or its failure thrown (reads started together are settled before any is used). */
function settledValue<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}
