import { Injectable } from '@nestjs/common';
import { toDate } from '../database/db-dates.js';
import { andThen, type Maybe } from '../database/maybe.js';
import { type ObjectMaker, objectMaker } from '../database/object-maker.js';
import { formatDate } from '../dates/dates.js';
import { type Names, ReferenceResolver } from '../input/references/reference-resolver.js';
import type { Vocabulary } from '../input/vocab/vocabulary.js';

/** How one output field is shown: references and enums as `{id, name}`, dates as ISO with offset. */
export type OutputField =
  | { name: string; kind: 'plain'; column?: string }
  | { name: string; kind: 'int'; column?: string }
  | { name: string; kind: 'bool'; column?: string }
  | { name: string; kind: 'date'; column?: string }
  | { name: string; kind: 'ref'; ref: string; column?: string }
  | { name: string; kind: 'enum'; vocab: Vocabulary; column?: string };

export type Row = Record<string, unknown>;
export type View = Record<string, unknown>;

/** Whether a view asked for with `fields` (a projection; every field when none) shows `name`. */
export function showsField(fields: readonly string[] | undefined, name: string): boolean {
  return !fields?.length || fields.includes(name);
}

/** Turns database rows into what callers see, loading every referenced name in one query per kind. */
@Injectable()
export class Presenter {
  constructor(private readonly resolver: ReferenceResolver) {}

  /**
   * `overrides[i]`: columns read for `rows[i]` in place of the row's own (values the row does not
   * hold, such as a ticket's first actors), so the caller's row is neither copied nor changed.
   * Not async: when every name shown is cached, the views are made and answered at once (no
   * statement, no lookups awaited, no promise: maybe.ts).
   */
  present(
    rows: readonly Row[],
    fields: readonly OutputField[],
    timezone: string,
    projection?: readonly string[],
    overrides?: ReadonlyArray<Row | undefined>,
  ): Maybe<View[]> {
    const shown = projection?.length ? fields.filter((f) => f.name === 'id' || projection.includes(f.name)) : fields;
    if (this.namesCached(rows, shown, overrides)) return this.views(rows, fields, shown, timezone, this.resolver.cachedNames, overrides);
    return andThen(this.resolver.namesByKind(referencedIds(rows, shown, overrides)), (names) => this.views(rows, fields, shown, timezone, names, overrides));
  }

  /** The views `present` answers, when every name they show is cached; undefined otherwise. */
  presentNow(rows: readonly Row[], fields: readonly OutputField[], timezone: string): View[] | undefined {
    return this.namesCached(rows, fields, undefined) ? this.views(rows, fields, fields, timezone, this.resolver.cachedNames, undefined) : undefined;
  }

  /**
   * Whether the cache holds the name of every reference `shown` of `rows`: checked where the ids are,
   * so the usual call (its names cached) gathers no ids by kind to look them up.
   */
  private namesCached(rows: readonly Row[], shown: readonly OutputField[], overrides: ReadonlyArray<Row | undefined> | undefined): boolean {
    const now = Date.now();
    for (const f of shown) {
      if (f.kind !== 'ref') continue;
      for (let i = 0; i < rows.length; i++) {
        const id = Number(cell(rows, overrides, i, f.column ?? f.name));
        if (id > 0 && !this.resolver.hasCachedName(f.ref, id, now)) return false;
      }
    }
    return true;
  }

  private views(
    rows: readonly Row[],
    fields: readonly OutputField[],
    shown: readonly OutputField[],
    timezone: string,
    names: Names,
    overrides: ReadonlyArray<Row | undefined> | undefined,
  ): View[] {
    const make = shown === fields ? listMakerOf(fields) : viewMakerOf(shown);
    return rows.map((_, i) => {
      const values = shown.map((f) => this.value(f, cell(rows, overrides, i, f.column ?? f.name), timezone, names));
      if (make) return make(values);
      const view: View = {};
      shown.forEach((f, at) => (view[f.name] = values[at]));
      return view;
    });
  }

  private value(f: OutputField, raw: unknown, timezone: string, names: Names): unknown {
    if (raw === null || raw === undefined) return null;
    switch (f.kind) {
      case 'plain':
        return raw;
      case 'int':
        return Number(raw);
      case 'bool':
        return raw === true || raw === 1 || raw === '1';
      case 'date':
        return typeof raw === 'string' ? shownDateText(raw, timezone) : formatDate(toDate(raw as Date | number), timezone);
      case 'ref': {
        const id = Number(raw);
        if (!id) return null;
        return { id, name: names.nameOf(f.ref, id) ?? null };
      }
      case 'enum':
        return f.vocab.ref(Number(raw));
    }
  }
}

/** Per zone, date texts as SQLite stores them and as a view shows them; bounded (cleared when full). */
const shownDates = new Map<string, Map<string, string | null>>();
let shownDatesHeld = 0;
const MAX_SHOWN_DATES = 20_000;

/**
 * A date text read from SQLite as a view shows it in `zone`: parsed and formatted once per text and
 * zone (a ticket shows six dates, each timeline entry one, the same texts call after call).
 */
function shownDateText(raw: string, zone: string): string | null {
  let byText = shownDates.get(zone);
  let shown = byText?.get(raw);
  if (shown !== undefined) return shown;
  shown = formatDate(toDate(raw), zone);
  if (shownDatesHeld >= MAX_SHOWN_DATES) {
    shownDates.clear();
    shownDatesHeld = 0;
    byText = undefined;
  }
  if (!byText) shownDates.set(zone, (byText = new Map<string, string | null>()));
  byText.set(raw, shown);
  shownDatesHeld++;
  return shown;
}

/** `applied`: the written values as stored (ids and codes), dates as ISO with the call's offset. */
export function appliedView(values: Record<string, unknown>, timezone: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    out[key] = value instanceof Date ? formatDate(value, timezone) : value;
  }
  return out;
}

/** The ids each referenced table is asked for: one query per table, however many fields point at it (requester and assignee are both users). */
function referencedIds(rows: readonly Row[], shown: readonly OutputField[], overrides: ReadonlyArray<Row | undefined> | undefined): Map<string, number[]> {
  const idsByKind = new Map<string, number[]>();
  for (const f of shown) {
    if (f.kind !== 'ref') continue;
    const ids = idsByKind.get(f.ref) ?? [];
    for (let i = 0; i < rows.length; i++) {
      const id = Number(cell(rows, overrides, i, f.column ?? f.name));
      if (id > 0) ids.push(id);
    }
    idsByKind.set(f.ref, ids);
  }
  return idsByKind;
}

/**
 * `column` of row `i`: from `overrides[i]` when it holds the column, else the row's own. A module
 * function, not a closure per call: the bundle names a closure bound to a name at run time.
 */
function cell(rows: readonly Row[], overrides: ReadonlyArray<Row | undefined> | undefined, i: number, column: string): unknown {
  const own = overrides?.[i];
  return own !== undefined && column in own ? own[column] : rows[i][column];
}

/** Views of one list of fields made by one object literal (objectMaker), per list; a bounded cache (projections vary). */
const viewMakers = new Map<string, ObjectMaker | undefined>();
const MAX_VIEW_MAKERS = 500;
/**
 * The makers of the output lists themselves (module constants: TICKET_OUTPUT, a timeline kind's),
 * found by the list, without joining its names into a key and hashing it on every view.
 */
const listMakers = new WeakMap<readonly OutputField[], ObjectMaker | null>();

/** The maker of a whole output list (`fields` as a service passed it: one of the output constants). */
function listMakerOf(fields: readonly OutputField[]): ObjectMaker | undefined {
  let make = listMakers.get(fields);
  if (make === undefined) listMakers.set(fields, (make = viewMakerOf(fields) ?? null));
  return make ?? undefined;
}

function viewMakerOf(fields: readonly OutputField[]): ObjectMaker | undefined {
  const names = fields.map((f) => f.name);
  const key = names.join(',');
  if (viewMakers.has(key)) return viewMakers.get(key);
  if (viewMakers.size >= MAX_VIEW_MAKERS) viewMakers.clear();
  const make = objectMaker(names);
  viewMakers.set(key, make);
  return make;
}
