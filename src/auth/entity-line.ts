import type { EntityManager } from 'typeorm';
import type { EntityScope } from './principal.js';

/** One entity of a line, with its parent (null: the root). */
export interface LineEntity {
  id: number;
  entities_id: number | null;
}

/**
 * An entity and the entities above it, up to the root: all that says what is seen from it (GLPI).
 * A record of the entity is seen there, and one of an entity above it when it is recursive; so is a
 * profile assigned there, or recursively above it.
 */
export interface EntityLine {
  id: number;
  /** Its full path: "Root entity > Sede". */
  path: string;
  /** The entity, then its parent, up to the root (the shape principal.loader's entityScope reads). */
  entities: readonly LineEntity[];
  /** What is seen from it, as a caller's scope is written: the entity, and above it its ancestors. */
  scope: EntityScope;
}

/** Entities deeper than this are not read up further: a tree is a few levels deep, and this ends a loop in a damaged one. */
const MAX_DEPTH = 64;

/** Reads the line of `entityId`: one statement walking up by primary key, however large the tree. */
export async function readEntityLine(manager: EntityManager, entityId: number): Promise<EntityLine> {
  const rows = (await manager.query(
    `WITH RECURSIVE line (id, entities_id, completename, depth) AS (
       SELECT e.id, e.entities_id, e.completename, 0 FROM glpi_entities e WHERE e.id = ?
       UNION ALL
       SELECT p.id, p.entities_id, p.completename, line.depth + 1 FROM glpi_entities p JOIN line ON p.id = line.entities_id WHERE line.depth < ${MAX_DEPTH}
     ) SELECT id, entities_id, completename FROM line ORDER BY depth`,
    [entityId],
  )) as Array<{ id: number | string; entities_id: number | string | null; completename: string }>;
  const entities = rows.map((r) => ({ id: Number(r.id), entities_id: r.entities_id === null ? null : Number(r.entities_id) }));
  const ancestorIds = entities.slice(1).map((e) => e.id);
  return {
    id: entityId,
    path: rows.length ? String(rows[0].completename) : `entity ${entityId}`,
    entities,
    scope: { entityIds: [entityId], ancestorIds: [...new Set(ancestorIds)].sort((a, b) => a - b) },
  };
}

/** The line of `entityId`, read when first asked and then shared: a write's checks ask it once between them. */
export function entityLineOf(manager: EntityManager, entityId: number): () => Promise<EntityLine> {
  let read: Promise<EntityLine> | undefined;
  return () => (read ??= readEntityLine(manager, entityId));
}
