import { Injectable } from '@nestjs/common';
import { toDate } from '../../database/db-dates.js';
import { andThen, type Maybe } from '../../database/maybe.js';
import { DeskError } from '../../envelope/desk-error.js';
import { echo } from '../../envelope/echo.js';
import { Presenter, type View } from '../../present/presenter.js';
import type { Call } from '../../tools/call.js';
import type { TicketViewer } from '../tickets.repository.js';
import type { TimelineKind } from './entry-kinds.js';
import { INVERSE_LINK } from './link-rules.js';
import { ENTRY_OUTPUT, TIMELINE_PAGE } from './timeline.fields.js';
import { compareNewestFirst, TimelineRepository, type TimelineRow } from './timeline.repository.js';
import { decodeTimelineCursor, encodeTimelineCursor, KIND_RANK } from './timeline-cursor.js';
import { LINK_RELATION } from './timeline-vocabularies.js';

/** One page of a ticket's timeline, as callers see it. */
export interface TimelinePage {
  timeline: View[];
  /** Pass as timeline_cursor for the older entries; null at the first entry. */
  timeline_next_cursor: string | null;
}

/** A ticket's timeline, time spent and links, as ticket_get and GET /api/tickets/:id/entries show them. */
@Injectable()
export class TimelineService {
  constructor(
    private readonly timelines: TimelineRepository,
    private readonly presenter: Presenter,
  ) {}

  /** Not async (maybe.ts): on SQLite the page is read and shown at once. An invalid cursor is thrown. */
  page(ticketId: number, viewer: TicketViewer, call: Call, cursor: string | undefined, limit = TIMELINE_PAGE): Maybe<TimelinePage> {
    const position = cursor === undefined ? undefined : decodeTimelineCursor(cursor, ticketId);
    if (cursor !== undefined && !position) {
      throw DeskError.validation(call, [
        {
          field: 'timeline_cursor',
          code: 'INVALID_VALUE',
          received: echo(cursor),
          message: "timeline_cursor is not one of this ticket's timeline_next_cursor values. Leave it out for the newest entries.",
        },
      ]);
    }
    return andThen(this.timelines.page(ticketId, viewer, position, limit), (rows) => {
      const shown = rows.slice(0, limit);
      const last = shown[shown.length - 1];
      const next =
        rows.length > limit && last
          ? encodeTimelineCursor({ ticket: ticketId, date: toDate(last.date)!.toISOString(), rank: KIND_RANK[last.kind], id: last.id })
          : null;
      return andThen(this.present(shown, call.zone), (timeline) => ({ timeline, timeline_next_cursor: next }));
    });
  }

  actiontime(ticketId: number, viewer: TicketViewer): Maybe<number> {
    return this.timelines.actiontime(ticketId, viewer);
  }

  /** Links as `{relation, ticket: {id, name}}`, the relation read from this ticket's side. */
  links(ticketId: number, viewer: TicketViewer): Maybe<View[]> {
    return andThen(this.timelines.linksOf(ticketId, viewer), (rows) =>
      rows.map((row) => {
        const code = Number(row.tickets_id_1) === ticketId ? Number(row.link) : INVERSE_LINK[Number(row.link)];
        return { relation: LINK_RELATION.label(code) ?? String(code), ticket: { id: Number(row.other_id), name: row.other_name } };
      }),
    );
  }

  /** Each kind presented with its own fields (one query per referenced table and kind), then put back in order. */
  private present(rows: TimelineRow[], zone: string): Maybe<View[]> {
    const byKind = new Map<TimelineKind, TimelineRow[]>();
    for (const row of rows) {
      const group = byKind.get(row.kind);
      if (group) group.push(row);
      else byKind.set(row.kind, [row]);
    }
    const groups = [...byKind];
    // Every kind at once when the names they show are cached (the usual case); otherwise the
    // presenter's promises awaited together: no async step of our own per kind.
    const now = groups.map(([kind, group]) => this.presenter.presentNow(group, ENTRY_OUTPUT[kind], zone));
    if (now.every((views) => views !== undefined)) return inOrder(rows, groups, now as View[][]);
    return Promise.all(groups.map(async ([kind, group]) => this.presenter.present(group, ENTRY_OUTPUT[kind], zone))).then((presented) =>
      inOrder(rows, groups, presented),
    );
  }
}

/**
 * The views of `rows` in timeline order, `presented[k]` being those of `groups[k]`. A module
 * function, not a closure bound to a name: the bundle names such a closure at run time, each call.
 */
function inOrder(
  rows: readonly TimelineRow[],
  groups: ReadonlyArray<readonly [TimelineKind, TimelineRow[]]>,
  presented: ReadonlyArray<readonly View[]>,
): View[] {
  const views = new Map<TimelineRow, View>();
  groups.forEach(([, group], k) => group.forEach((row, i) => views.set(row, compact(presented[k][i]))));
  return [...rows].sort(compareNewestFirst).map((row) => views.get(row)!);
}

/** Leaves out what says nothing (null, false): a timeline is read in full on every ticket_get. */
function compact(view: View): View {
  const kept: View = {};
  for (const key of Object.keys(view)) {
    const value = view[key];
    if (value !== null && value !== false) kept[key] = value;
  }
  return kept;
}
