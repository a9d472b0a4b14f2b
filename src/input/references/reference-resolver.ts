import { Injectable } from '@nestjs/common';
import { Brackets, DataSource } from 'typeorm';
import type { Condition } from '../../auth/visibility.js';
import { likeOf } from '../../database/caller-like.js';
import { keyEquals } from '../../database/key-equality.js';
import { hasRow, readRows } from '../../database/read-rows.js';
import { echo, quoted } from '../../envelope/echo.js';
import type { Issue } from '../../envelope/issue.js';
import { matchKey } from '../../text/normalize.js';
import { closestName, closestNameOf } from '../../text/suggest.js';
import { readId } from '../record-id.js';
import { addressMeant, looksLikeAddress } from './address-spelling.js';
import { candidateText, describeCandidates, type NamedRow as Row, tellApart } from './candidates.js';
import { translatedName } from './name-translations.js';
import { referenceGroupOf, type ReferenceKind, referenceKind } from './reference-kinds.js';
import { applyNameScope, isHiddenKind, nameable, type NameScope, trashed } from './reference-scope.js';
import { pathAsDeepAs, reachesOwnName } from './tree-path.js';

export type Resolution = { ok: true; id: number; name: string } | { ok: false; issue: Issue };

const MAX_AVAILABLE = 20;
/** How an ambiguous name asks for an id. */
export const ASK_FOR_ID = 'Send the id of the one you mean.';
const MAX_CANDIDATES = 10;
/** The shortest part of a name matched against the start of words ("Ana", "Rede"). */
const MIN_PART = 3;
const NAMES_TTL_MS = 30_000;
const MAX_CACHED_NAMES = 50_000;
/** How callers name themselves in a user field ("assign it to me"), English and pt-BR, as match keys. */
const SELF_WORDS: ReadonlySet<string> = new Set(['me', 'myself', 'eu', 'mim', 'eu mesmo', 'eu mesma']);

/**
 * Resolves a reference given as an id or a name. Every lookup is an index probe with a LIMIT on
 * the `*_key` columns, restricted to what the caller may name (NameScope: its entities, and no other
 * record of a kind it may not read), so the cost does not grow with table size and a record the
 * caller cannot see is indistinguishable from one that does not exist — in the answer, the list of
 * available names and the suggestion alike.
 */
/** The sentence of a not-found issue that suggests the name meant. */
function spellingHint(name: string): string {
  return ` Did you mean '${name}'?`;
}

/**
 * A not-found issue without the name it suggested: the name as sent was found elsewhere (another
 * field's kind holds it), so no spelling of this kind was meant.
 */
export function withoutSpelling(issue: Issue): Issue {
  if (issue.did_you_mean === undefined) return issue;
  const { did_you_mean: suggested, ...rest } = issue;
  return { ...rest, message: issue.message.replace(spellingHint(suggested), '') };
}

@Injectable()
export class ReferenceResolver {
  private readonly names = new Map<string, Map<number, { name: string; until: number }>>();

  constructor(private readonly dataSource: DataSource) {}

  async resolve(kindName: string, field: string, input: unknown, scope: NameScope | undefined): Promise<Resolution> {
    const kind = referenceKind(kindName);
    const id = readId(input);
    if (id !== undefined) {
      if (id === null) return this.notFound(kind, field, input, scope, `id ${quoted(input)} is not a valid id`);
      const row = await this.byId(kind, id, scope);
      if (row) return { ok: true, id: row.id, name: row.display };
      const gone = (await this.inTrash(kind, id, scope)) ? `id ${id} of ${kind.label} is in the trash (deleted)` : `id ${id} not found in ${kind.label}`;
      return this.notFound(kind, field, input, scope, gone);
    }
    if (typeof input !== 'string' || input.trim() === '') {
      return {
        ok: false,
        issue: {
          field,
          code: 'INVALID_TYPE',
          received: echo(input),
          message: `${field} must be an integer id or a non-empty name.`,
          expected: 'integer id or name',
        },
      };
    }
    const rows = await this.byKey(kind, input, scope);
    if (rows.length > 0) {
      const exact = rows.filter((r) => kind.exact.some((c) => r[c] === input) || r.display === input);
      const pick = exact.length === 1 ? exact[0] : rows.length === 1 ? rows[0] : undefined;
      if (pick) return { ok: true, id: pick.id, name: pick.display };
      return this.ambiguous(kind, field, input, rows, scope, `name '${quoted(input)}' matches`);
    }
    // The caller, named as a person names themself, when no user goes by that name: the one user
    // every caller may name (NameScope.userId), so it tells no one anything.
    if (kind.kind === 'user' && scope && SELF_WORDS.has(matchKey(input))) {
      const self = await this.byId(kind, scope.userId, scope);
      if (self) return { ok: true, id: self.id, name: self.display };
    }
    // Not a whole name: a part of one (a first or last name, the start of a login or of a word) is
    // never resolved silently. One record it fits is the suggestion; several are candidates.
    const partial = (await this.byPart(kind, input, scope)).filter((row) => !isTree(kind) || reachesOwnName(input, row.display));
    if (partial.length > 1) return this.ambiguous(kind, field, input, partial, scope, `'${quoted(input)}' is part of the names of`);
    const gone = trashed('t', kind, scope);
    const inTrash = gone !== undefined && (await this.byKey(kind, input, scope, gone)).length > 0;
    const what = inTrash ? `name '${quoted(input)}' of ${kind.label} is in the trash (deleted)` : `name '${quoted(input)}' not found in ${kind.label}`;
    return this.notFound(kind, field, input, scope, what, partial[0]?.display);
  }

  /**
   * The records a filter's word for several stands for ("open": every project state not finished;
   * ReferenceKind.groups), among those the caller may name, by name. Undefined when `input` is no
   * such word of the kind; none when no record meets it.
   */
  async group(kindName: string, input: unknown, scope: NameScope | undefined): Promise<{ ids: number[]; names: string[] } | undefined> {
    const kind = referenceKind(kindName);
    const group = referenceGroupOf(kind, input);
    if (!group) return undefined;
    const visible = nameable('t', kind, scope);
    const rows = await readRows<Row>(
      this.dataSource,
      `SELECT t.id AS id, t.${kind.display} AS display FROM ${kind.table} t WHERE (${group.where})${andAlso(visible)} ORDER BY t.${kind.display}, t.id`,
      visible.params,
    );
    const named = rows.map((row) => ({ id: Number(row.id), name: String(row.display) }));
    return { ids: named.map((r) => r.id), names: named.map((r) => r.name) };
  }

  /** REFERENCE_AMBIGUOUS with every candidate (up to MAX_CANDIDATES) and what tells them apart. */
  private async ambiguous(kind: ReferenceKind, field: string, input: string, rows: Row[], scope: NameScope | undefined, what: string): Promise<Resolution> {
    const shown = rows.slice(0, MAX_CANDIDATES);
    const candidates = await describeCandidates(this.dataSource, kind, shown, scope);
    const count = rows.length > MAX_CANDIDATES ? `more than ${MAX_CANDIDATES}` : String(rows.length);
    return {
      ok: false,
      issue: {
        field,
        code: 'REFERENCE_AMBIGUOUS',
        received: echo(input),
        message: `${what} ${count} ${kind.label}: ${candidates.map(candidateText).join('; ')}. ${ASK_FOR_ID}`,
        candidates,
      },
    };
  }

  /**
   * Names of `ids`, for `{id, name}` references in results: from a short-lived cache, the rest in one
   * query. Names change rarely; a rename shows within NAMES_TTL_MS on every replica, at once here
   * (writes call forget()).
   */
  async namesOf(kindName: string, ids: Iterable<number>): Promise<Map<number, string>> {
    const kind = referenceKind(kindName);
    const cache = this.cacheOf(kind.kind);
    const now = Date.now();
    const found = new Map<number, string>();
    const missing = cachedNames(cache, ids, now, found);
    if (missing.length === 0) return found;
    const rows = await this.dataSource
      .createQueryBuilder()
      .select('t.id', 'id')
      .addSelect(`t.${kind.display}`, 'display')
      .from(kind.table, 't')
      .where('t.id IN (:...ids)', { ids: missing })
      .getRawMany<Row>();
    if (cache.size > MAX_CACHED_NAMES) cache.clear();
    for (const r of rows) {
      const id = Number(r.id);
      const name = String(r.display);
      found.set(id, name);
      cache.set(id, { name, until: now + NAMES_TTL_MS });
    }
    return found;
  }

  /**
   * The names in the cache, read as they stand when asked. For views made in the same synchronous
   * span as the check (hasCachedName) that found every name they show there: one object for every
   * call, so a call whose names are all cached makes no map of them.
   */
  readonly cachedNames: Names = { nameOf: (kindName, id) => this.names.get(referenceKind(kindName).kind)?.get(id)?.name };

  /** Whether the cache holds a fresh name for `id` of `kindName` (an id that is no record's is never cached). */
  hasCachedName(kindName: string, id: number, now: number): boolean {
    const hit = this.names.get(referenceKind(kindName).kind)?.get(id);
    return hit !== undefined && hit.until > now;
  }

  /**
   * The names of several kinds' ids: the cache itself when it holds them all (no statement, no
   * promise), else a promise of them (one query per kind missing names, run together).
   */
  namesByKind(idsByKind: ReadonlyMap<string, Iterable<number>>): Names | Promise<Names> {
    if (this.holdsAll(idsByKind)) return this.cachedNames;
    const kinds = [...idsByKind.keys()];
    return Promise.all(kinds.map((kind) => this.namesOf(kind, idsByKind.get(kind)!))).then((read) =>
      namesRead(new Map(kinds.map((kind, i) => [kind, read[i]]))),
    );
  }

  /** Whether every id of `idsByKind` that can be a record's has a fresh name in the cache. */
  private holdsAll(idsByKind: ReadonlyMap<string, Iterable<number>>): boolean {
    const now = Date.now();
    for (const [kind, ids] of idsByKind) {
      for (const id of ids) if (Number.isInteger(id) && id > 0 && !this.hasCachedName(kind, id, now)) return false;
    }
    return true;
  }

  /** Drops cached names of a kind (after a write that may rename or delete). */
  forget(kindName: string): void {
    this.names.get(kindName)?.clear();
  }

  private cacheOf(kind: string): Map<number, { name: string; until: number }> {
    let cache = this.names.get(kind);
    if (!cache) {
      cache = new Map();
      this.names.set(kind, cache);
    }
    return cache;
  }

  /**
   * Up to `limit` visible names, alphabetically: examples for descriptions and `available` lists.
   * None of a kind the caller may not read (not even its own: tools/list is shared by every caller
   * with the same rights and entities).
   */
  async sampleNames(kindName: string, scope: NameScope | undefined, limit = MAX_AVAILABLE): Promise<string[]> {
    return (await this.sample(referenceKind(kindName), scope, limit)).map((r) => r.display);
  }

  /** The records behind sampleNames, in the same order (namesakes by id). */
  private async sample(kind: ReferenceKind, scope: NameScope | undefined, limit: number): Promise<Row[]> {
    if (isHiddenKind(kind, scope)) return [];
    const qb = this.dataSource.createQueryBuilder().select('t.id', 'id').addSelect(`t.${kind.display}`, 'display').from(kind.table, 't');
    if (kind.kind === 'user') qb.andWhere('t.is_active = 1');
    applyNameScope(qb, 't', kind, scope);
    const rows = await qb.orderBy(`t.${kind.display}`, 'ASC').addOrderBy('t.id', 'ASC').limit(limit).getRawMany<Row>();
    return rows.map(named);
  }

  private async byId(kind: ReferenceKind, id: number, scope: NameScope | undefined): Promise<Row | undefined> {
    const visible = nameable('t', kind, scope);
    const rows = await readRows<Row>(
      this.dataSource,
      `SELECT t.id AS id, t.${kind.display} AS display FROM ${kind.table} t WHERE t.id = ?${andAlso(visible)} LIMIT 1`,
      [id, ...visible.params],
    );
    return rows.length > 0 ? named(rows[0]) : undefined;
  }

  /** Whether record `id` of `kind` is in the trash and was one the caller could name (trashed): asked only once it is not found. */
  private async inTrash(kind: ReferenceKind, id: number, scope: NameScope | undefined): Promise<boolean> {
    const gone = trashed('t', kind, scope);
    return gone !== undefined && hasRow(this.dataSource, kind.table, id, gone);
  }

  /** `where`: the rows looked among, by default those the caller may name (a refusal also looks in the trash: trashed). */
  private async byKey(kind: ReferenceKind, input: string, scope: NameScope | undefined, where: Condition = nameable('t', kind, scope)): Promise<Row[]> {
    // One indexed equality probe per key column (login, email, full name), joined with UNION ALL
    // into one statement (one round trip) and merged here: an OR across columns can lead a planner
    // to scan the table in id order instead. Each probe sits in a derived table so it keeps its own
    // LIMIT on both databases. Plain SQL: its text depends only on the kind and the shape of the
    // scope, so the statement is prepared once and building it costs no query builder per call
    // (on SQLite, readRows runs it on the connection's cached prepared statement).
    // Equal keys only, byte for byte on every database (keyEquals): a name is never resolved by what
    // a collation ignores in it.
    const key = matchKey(input);
    const also = andAlso(where);
    const columns = keyColumns(kind);
    const probes = kind.keys.map((column) => keyEquals(this.dataSource, `t.${column}`, key));
    const sql = probes
      .map((probe, i) => `SELECT * FROM (SELECT ${columns} FROM ${kind.table} t WHERE ${probe.sql}${also} LIMIT ${MAX_CANDIDATES + 1}) k${i}`)
      .join(' UNION ALL ');
    const rows = await readRows<Row>(
      this.dataSource,
      sql,
      probes.flatMap((probe) => [...probe.params, ...where.params]),
    );
    const found = new Map<number, Row>();
    for (const row of rows) {
      const id = Number(row.id);
      if (!found.has(id)) found.set(id, named(row));
    }
    return [...found.values()].sort((a, b) => a.id - b.id).slice(0, MAX_CANDIDATES + 1);
  }

  private async notFound(kind: ReferenceKind, field: string, input: unknown, scope: NameScope | undefined, what: string, partOf?: string): Promise<Resolution> {
    if (isHiddenKind(kind, scope)) {
      // The same answer whether the name or id exists or not: nothing to list, nothing to suggest.
      const self = kind.kind === 'user' ? ' only your own login, email or name resolves here' : ' none can be named';
      return {
        ok: false,
        issue: {
          field,
          code: 'REFERENCE_NOT_FOUND',
          received: echo(input),
          message: `${what}. Your profile cannot read ${kind.label}:${self}.`,
          available: [],
        },
      };
    }
    const sampled = await this.sample(kind, scope, MAX_AVAILABLE);
    const available = sampled.map((r) => r.display);
    // What tells the listed records apart, so a model can pick one (two projects of one name) without another call.
    const records = tellApart(await describeCandidates(this.dataSource, kind, sampled, scope));
    const didYouMean = partOf ?? (typeof input === 'string' ? await this.spellingOf(kind, input, available, scope) : undefined);
    const more = available.length >= MAX_AVAILABLE ? ', ...' : '';
    const hint = didYouMean ? spellingHint(didYouMean) : '';
    const shown = available.map((name, i) => (available.indexOf(name) !== available.lastIndexOf(name) ? `${name} (id ${sampled[i].id})` : name));
    return {
      ok: false,
      issue: {
        field,
        code: 'REFERENCE_NOT_FOUND',
        received: echo(input),
        message: `${what}.${hint} Available: ${shown.join(', ')}${more}.`,
        available,
        ...(didYouMean ? { did_you_mean: didYouMean } : {}),
        ...(records.length > 0 ? { available_records: records } : {}),
      },
    };
  }

  /**
   * The name a misspelt one meant: among visible names sharing its first letters and the sample,
   * a GLPI name's translation first, else the one clearly closest (the margin rule).
   */
  private async spellingOf(kind: ReferenceKind, input: string, available: string[], scope: NameScope | undefined): Promise<string | undefined> {
    // An address is compared with addresses only: a login sharing its first part is another person's.
    if (kind.kind === 'user' && looksLikeAddress(input)) return addressMeant(input, await this.nearAddresses(kind, input, scope));
    const known = new Set([...(await this.nearNames(kind, input, scope)), ...available]);
    const translated = translatedName(input);
    if (translated && known.has(translated)) return translated;
    if (!isTree(kind)) return closestName(input, known);
    return closestNameOf(
      input,
      [...known].map((path) => [pathAsDeepAs(input, path), path] as const),
    );
  }

  /** Names sharing the input's first letters: candidates for did_you_mean in large tables, by index range. */
  private nearNames(kind: ReferenceKind, input: string, scope: NameScope | undefined): Promise<string[]> {
    return this.nearValues(kind, input, scope, kind.keys[0], kind.display);
  }

  /** Visible users' addresses sharing an address's first letters: what addressMeant compares it with. */
  private nearAddresses(kind: ReferenceKind, input: string, scope: NameScope | undefined): Promise<string[]> {
    return this.nearValues(kind, input, scope, 'email_key', 'email');
  }

  /** `column` of the visible records whose `key` starts with the input's first letters (an index range, at most 50). */
  private async nearValues(kind: ReferenceKind, input: string, scope: NameScope | undefined, key: string, column: string): Promise<string[]> {
    const written = matchKey(input);
    if (written.length < 2) return [];
    const prefix = likeSafe(written.slice(0, Math.min(3, written.length)));
    const qb = this.dataSource
      .createQueryBuilder()
      .select(`t.${column}`, 'value')
      .from(kind.table, 't')
      .where(likeOf(this.dataSource, `t.${key}`, 'prefix', `${prefix}%`), { prefix: `${prefix}%` });
    applyNameScope(qb, 't', kind, scope);
    const rows = await qb.limit(50).getRawMany<{ value: string | null }>();
    return rows.flatMap((r) => (r.value === null ? [] : [String(r.value)]));
  }

  /**
   * Visible records whose name has the input as the start of a word (a first or last name, the
   * start of a login, email or path part): "Carla" fits "Carla Mendes (carla.m)". Only on the
   * not-found path, with a LIMIT; inputs shorter than MIN_PART say too little to match on.
   */
  private async byPart(kind: ReferenceKind, input: string, scope: NameScope | undefined): Promise<Row[]> {
    const key = likeSafe(matchKey(input));
    if (key.length < MIN_PART) return [];
    const qb = this.dataSource.createQueryBuilder().select('t.id', 'id').addSelect(`t.${kind.display}`, 'display').from(kind.table, 't');
    qb.where(
      new Brackets((w) => {
        for (const [i, column] of kind.keys.entries()) {
          w.orWhere(likeOf(this.dataSource, `t.${column}`, `start${i}`, `${key}%`), { [`start${i}`]: `${key}%` });
          w.orWhere(likeOf(this.dataSource, `t.${column}`, `word${i}`, `% ${key}%`), { [`word${i}`]: `% ${key}%` });
        }
      }),
    );
    applyNameScope(qb, 't', kind, scope);
    const rows = await qb
      .orderBy('t.id', 'ASC')
      .limit(MAX_CANDIDATES + 1)
      .getRawMany<Row>();
    return rows.map(named);
  }
}

/**
 * A row as read, its id a number and its name a string: converted in place, the keys in the order
 * read. Each row is the driver's own, made for this statement and held by nothing else; a copy
 * (spread, then id and display) cost more than the conversion on every name resolved.
 */
function named(row: Row): Row {
  row.id = Number(row.id);
  row.display = String(row.display);
  return row;
}

/** `AND (condition)`, or nothing for a condition that keeps every row. */
function andAlso(condition: Condition): string {
  return condition.sql ? ` AND (${condition.sql})` : '';
}

/** The columns a name probe reads: id, the display name, the exact-match columns (and a user's first and last names, for candidates). */
const probeColumns = new Map<string, string>();
function keyColumns(kind: ReferenceKind): string {
  let columns = probeColumns.get(kind.kind);
  if (columns === undefined) {
    const extras = [...new Set([...kind.exact, ...(kind.kind === 'user' ? ['firstname', 'realname'] : [])])].filter((c) => c !== kind.display);
    columns = ['t.id AS id', `t.${kind.display} AS display`, ...extras.map((c) => `t.${c} AS ${c}`)].join(', ');
    probeColumns.set(kind.kind, columns);
  }
  return columns;
}

/** A kind of records in a tree, named by their path (entities, categories, locations). */
function isTree(kind: ReferenceKind): boolean {
  return kind.display === 'completename';
}

/** LIKE's wildcards dropped from a key: what is left is matched literally on both databases. */
function likeSafe(key: string): string {
  return key.replace(/[%_\\]/g, '');
}

/** Names of records by kind (`user`, `group`, …) and id, as views show them. */
export interface Names {
  nameOf(kindName: string, id: number): string | undefined;
}

/** Names read from the database, by kind then id. */
function namesRead(byKind: ReadonlyMap<string, ReadonlyMap<number, string>>): Names {
  return { nameOf: (kindName, id) => byKind.get(kindName)?.get(id) };
}

/** Puts in `found` the cached, fresh names of `ids` (ids that are no record's skipped); answers the ids that are not. */
function cachedNames(cache: ReadonlyMap<number, { name: string; until: number }>, ids: Iterable<number>, now: number, found: Map<number, string>): number[] {
  const missing: number[] = [];
  // Each id once; a set of them only for ids missing (a call whose names are all cached makes none).
  let missed: Set<number> | undefined;
  for (const id of ids) {
    if (!Number.isInteger(id) || id <= 0 || found.has(id)) continue;
    const hit = cache.get(id);
    if (hit && hit.until > now) found.set(id, hit.name);
    else if (!(missed ??= new Set()).has(id)) {
      missed.add(id);
      missing.push(id);
    }
  }
  return missing;
}
