import type { EntityManager } from 'typeorm';
import type { EntityLine } from '../auth/entity-line.js';
import { allOf, type Condition, inScope } from '../auth/visibility.js';
import { placeholders } from '../database/sql-texts.js';
import type { Resolved } from '../envelope/envelope.js';
import type { Issue } from '../envelope/issue.js';
import { referenceKind } from '../input/references/reference-kinds.js';
import { nameable, type NameScope } from '../input/references/reference-scope.js';

// GLPI: a record's dropdown references (a ticket's category, location and groups; a project's group)
// come from its own entity: a record of that entity, or a recursive one of an entity above it. The
// caller may see more (its other entities): what it sees is not what fits the record.

/** The kinds of reference scoped by entity that a record takes from its own entity. */
export type FittingKind = 'itilCategory' | 'location' | 'group';

/** A reference a write names: `field` is where it was sent (a list's, for an item of it). */
export interface ReferenceNamed {
  kind: FittingKind;
  id: number;
  field: string;
}

/** A reference the record has and keeps through a move to another entity; `change`: how the same call lets go of it. */
export interface ReferenceKept {
  kind: FittingKind;
  id: number;
  change: string;
}

/** The record whose references are judged: what it is called, its entity's line, and the field that moves it (when it moves). */
export interface RecordEntity {
  noun: 'ticket' | 'project';
  line: () => Promise<EntityLine>;
  move?: Pick<Issue, 'field' | 'code' | 'received'>;
}

/** Past this many fitting records, `available` lists the first ones (as reference issues do). */
const MAX_AVAILABLE = 20;

const SINGULAR: Record<FittingKind, string> = { itilCategory: 'ITIL category', location: 'location', group: 'group' };

/**
 * Issues for the references named, and kept through a move, that are not seen from the record's
 * entity. Each names where the record is and lists what fits there, among what the caller sees. One
 * query when something is named or kept; the lists are read on the refusal only.
 */
export async function unseenReferenceIssues(
  manager: EntityManager,
  record: RecordEntity,
  named: readonly ReferenceNamed[],
  kept: readonly ReferenceKept[],
  resolved: Readonly<Record<string, Resolved>>,
  scope: NameScope | undefined,
): Promise<Issue[]> {
  if (!named.length && !kept.length) return [];
  const line = await record.line();
  const unseen = await readUnseen(manager, line, [...named, ...kept]);
  if (!unseen.size) return [];
  const fitting = await readFitting(manager, line, [...new Set([...unseen.values()].map((u) => u.kind))], scope);
  const where = `not seen from the ${record.noun}'s entity, ${line.path}`;
  const issues: Issue[] = [];
  for (const ref of named) {
    const found = unseen.get(key(ref));
    if (!found) continue;
    const candidates = fitting.get(ref.kind)!;
    const available = candidates.slice(0, MAX_AVAILABLE);
    issues.push({
      ...sent(ref, resolved),
      code: 'INVALID_VALUE',
      message: `${SINGULAR[ref.kind]} ${found.name} is in ${found.entity} and ${where}. ${listed(candidates, ref.kind)}`,
      expected: `a ${SINGULAR[ref.kind]} of ${line.path}${line.entities.length > 1 ? ', or a recursive one of an entity above it' : ''}`,
      available,
    });
  }
  const listedAlready = new Set(named.map(key));
  for (const ref of kept) {
    const found = unseen.get(key(ref));
    if (!found || !record.move || listedAlready.has(key(ref))) continue;
    issues.push({
      ...record.move,
      message: `${SINGULAR[ref.kind]} ${found.name}, kept by this ${record.noun}, is in ${found.entity} and ${where}. ${ref.change} in the same call, or keep the ${record.noun} where it is.`,
    });
  }
  return issues;
}

/** The field and value that named `ref`, as resolved: a list's item under its place (`observers[1]`). */
function sent(ref: ReferenceNamed, resolved: Readonly<Record<string, Resolved>>): Pick<Issue, 'field' | 'received'> {
  for (const [field, r] of Object.entries(resolved)) {
    const there = field === ref.field || field.startsWith(`${ref.field}[`);
    if (there && 'id' in r && r.id === ref.id && (r.type === undefined || r.type === ref.kind)) return { field, received: r.input };
  }
  return { field: ref.field, received: ref.id };
}

function listed(available: string[], kind: FittingKind): string {
  if (!available.length) return `No ${SINGULAR[kind]} is seen from there.`;
  return `Available there: ${available.slice(0, MAX_AVAILABLE).join(', ')}${available.length > MAX_AVAILABLE ? ', ...' : ''}.`;
}

const key = (ref: { kind: FittingKind; id: number }) => `${ref.kind}:${ref.id}`;

/** The records seen from the line's entity: the rule of every entity-scoped read (visibility.ts), from that one entity. */
function seenFrom(line: EntityLine, kind: FittingKind): Condition {
  return inScope('t', referenceKind(kind).scope, line.scope);
}

/** Of the references, those not seen from the line's entity, with their name and their entity's path. */
async function readUnseen(manager: EntityManager, line: EntityLine, refs: ReadonlyArray<{ kind: FittingKind; id: number }>): Promise<Map<string, Unseen>> {
  const byKind = new Map<FittingKind, number[]>();
  for (const ref of refs) byKind.set(ref.kind, [...new Set([...(byKind.get(ref.kind) ?? []), ref.id])]);
  const parts: string[] = [];
  const params: unknown[] = [];
  for (const [kind, ids] of byKind) {
    const table = referenceKind(kind);
    const seen = seenFrom(line, kind);
    parts.push(
      `SELECT '${kind}' AS kind, t.id AS id, t.${table.display} AS name, t.entities_id AS entity_id, e.completename AS entity
       FROM ${table.table} t LEFT JOIN glpi_entities e ON e.id = t.entities_id WHERE t.id IN (${placeholders(ids.length)}) AND NOT (${seen.sql})`,
    );
    params.push(...ids, ...seen.params);
  }
  const rows = (await manager.query(parts.join(' UNION ALL '), params)) as Array<{
    kind: FittingKind;
    id: number | string;
    name: string;
    entity_id: number | string;
    entity: string | null;
  }>;
  return new Map(
    rows.map((r) => [
      key({ kind: r.kind, id: Number(r.id) }),
      { kind: r.kind, name: String(r.name), entity: r.entity === null ? `entity ${Number(r.entity_id)}` : String(r.entity) },
    ]),
  );
}

interface Unseen {
  kind: FittingKind;
  name: string;
  entity: string;
}

/** The first names, alphabetically, of each kind's records that fit the line's entity and the caller may name. */
async function readFitting(manager: EntityManager, line: EntityLine, kinds: FittingKind[], scope: NameScope | undefined): Promise<Map<FittingKind, string[]>> {
  const fitting = new Map<FittingKind, string[]>();
  for (const kind of kinds) {
    const table = referenceKind(kind);
    const where = allOf(seenFrom(line, kind), nameable('t', table, scope));
    const rows = (await manager.query(
      `SELECT t.${table.display} AS name FROM ${table.table} t WHERE ${where.sql} ORDER BY t.${table.display}, t.id LIMIT ${MAX_AVAILABLE + 1}`,
      [...where.params],
    )) as Array<{ name: string }>;
    fitting.set(
      kind,
      rows.map((r) => String(r.name)),
    );
  }
  return fitting;
}
