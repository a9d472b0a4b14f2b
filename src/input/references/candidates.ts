import type { DataSource } from 'typeorm';
import { toDate } from '../../database/db-dates.js';
import { ACTOR_TYPE } from '../../database/entities/index.js';
import { dayIn } from '../../dates/dates.js';
import type { RecordCandidate } from '../../envelope/issue.js';
import { TICKET_STATUS } from '../vocab/glpi-vocabularies.js';
import type { ReferenceKind } from './reference-kinds.js';
import type { NameScope } from './reference-scope.js';

/** A record found by name: its id and shown name, and the columns read with them. */
export interface NamedRow {
  id: number;
  display: string;
  [column: string]: unknown;
}

interface Details {
  id: number;
  entity_id: number | null;
  firstname?: string | null;
  realname?: string | null;
  email?: string | null;
  code?: string | null;
  state?: string | null;
  status?: number | null;
  date?: Date | string | null;
  requester?: string | null;
  project_id?: number | null;
  project_name?: string | null;
}

/** The fields of a candidate that tell records apart, in the order messages show them. */
const DETAILS = ['project', 'login', 'email', 'code', 'state', 'status', 'date', 'requester', 'entity'] as const;
type Detail = (typeof DETAILS)[number];
/** An `available` list leaves out emails: logins already tell users apart, and an email resolves by itself. */
const LISTED_DETAILS = DETAILS.filter((detail) => detail !== 'email');

/** Kinds whose rows belong to an entity (entities are their own path; profiles and states are global). */
const IN_ENTITY = new Set(['user', 'group', 'itilCategory', 'solutionType', 'location', 'project', 'projectTask', 'ticket']);

/**
 * Candidates of an ambiguous name, each with what tells it apart: its entity's full path, a user's
 * full name, login and email, a project's code and state, a project task's project. Rows are ones the caller may name
 * (NameScope); an entity is shown only when the caller sees it (a user's is the first of its
 * assignments in the caller's entities). Two small queries, on the error path only.
 */
export async function describeCandidates(
  dataSource: DataSource,
  kind: ReferenceKind,
  rows: NamedRow[],
  scope: NameScope | undefined,
): Promise<RecordCandidate[]> {
  if (rows.length === 0) return [];
  const details = await detailsOf(dataSource, kind, rows, scope);
  const entityIds = [...new Set([...details.values()].map((d) => d.entity_id).filter((id): id is number => id !== null))].filter(
    (id) => !scope || scope.entities.entityIds.includes(id),
  );
  const entities = new Map<number, string>();
  if (entityIds.length > 0) {
    const found = await dataSource
      .createQueryBuilder()
      .select('e.id', 'id')
      .addSelect('e.completename', 'completename')
      .from('glpi_entities', 'e')
      .where('e.id IN (:...ids)', { ids: entityIds })
      .getRawMany<{ id: number; completename: string }>();
    for (const e of found) entities.set(Number(e.id), String(e.completename));
  }
  return rows.map((row) => {
    const d = details.get(row.id);
    const entity = d?.entity_id != null ? entities.get(Number(d.entity_id)) : undefined;
    const candidate: RecordCandidate = { id: row.id, name: row.display };
    if (kind.kind === 'user') {
      const full = [d?.firstname, d?.realname].filter((p) => typeof p === 'string' && p).join(' ');
      if (full) candidate.name = full;
      candidate.login = row.display;
      if (d?.email) candidate.email = d.email;
    }
    if (kind.kind === 'project') {
      if (d?.code) candidate.code = d.code;
      if (d?.state) candidate.state = d.state;
    }
    if (kind.kind === 'projectTask' && d?.project_id != null) candidate.project = { id: Number(d.project_id), name: String(d.project_name) };
    if (kind.kind === 'ticket') {
      const status = TICKET_STATUS.label(Number(d?.status));
      if (status) candidate.status = status;
      const opened = dayIn(toDate(d?.date), scope?.zone ?? 'UTC');
      if (opened) candidate.date = opened;
      if (d?.requester) candidate.requester = d.requester;
    }
    if (entity) candidate.entity = entity;
    return candidate;
  });
}

async function detailsOf(dataSource: DataSource, kind: ReferenceKind, rows: NamedRow[], scope: NameScope | undefined): Promise<Map<number, Details>> {
  if (!IN_ENTITY.has(kind.kind)) return new Map();
  const qb = dataSource
    .createQueryBuilder()
    .select('t.id', 'id')
    .from(kind.table, 't')
    .where('t.id IN (:...ids)', { ids: rows.map((r) => r.id) });
  if (kind.kind === 'user') {
    qb.addSelect('t.firstname', 'firstname').addSelect('t.realname', 'realname').addSelect('t.email', 'email');
    if (scope) {
      const visible = scope.entities.entityIds.length ? scope.entities.entityIds : [-1];
      qb.addSelect('(SELECT MIN(pu.entities_id) FROM glpi_profiles_users pu WHERE pu.users_id = t.id AND pu.entities_id IN (:...visible))', 'entity_id');
      qb.setParameter('visible', visible);
    } else qb.addSelect('t.entities_id', 'entity_id');
  } else qb.addSelect('t.entities_id', 'entity_id');
  if (kind.kind === 'project') {
    qb.addSelect('t.code', 'code').leftJoin('glpi_projectstates', 's', 's.id = t.projectstates_id').addSelect('s.name', 'state');
  }
  if (kind.kind === 'projectTask') {
    // A task is named only where its project may be (nameable): the project is the caller's to see.
    qb.leftJoin('glpi_projects', 'p', 'p.id = t.projects_id').addSelect('p.id', 'project_id').addSelect('p.name', 'project_name');
  }
  if (kind.kind === 'ticket') {
    // The requester is shown on every ticket its reader may read (the presenter does the same).
    qb.addSelect('t.status', 'status')
      .addSelect('t.date', 'date')
      .addSelect(
        `(SELECT MIN(u.name) FROM glpi_tickets_users tu JOIN glpi_users u ON u.id = tu.users_id WHERE tu.tickets_id = t.id AND tu.type = ${ACTOR_TYPE.requester})`,
        'requester',
      );
  }
  const found = await qb.getRawMany<Details>();
  // Each row is the driver's own, so its numbers are converted in place rather than copied into a new object.
  const details = new Map<number, Details>();
  for (const d of found) {
    d.id = Number(d.id);
    if (d.entity_id !== null) d.entity_id = Number(d.entity_id);
    details.set(d.id, d);
  }
  return details;
}

/**
 * Records of an `available` list with only the details that tell them apart: a detail equal (or
 * absent) on every entry says nothing about which one to choose and would only cost context.
 */
export function tellApart(records: RecordCandidate[]): RecordCandidate[] {
  const varying = LISTED_DETAILS.filter((detail) => new Set(records.map((r) => detailText(r, detail))).size > 1);
  return records.map((record) => {
    const compact: RecordCandidate = { id: record.id, name: record.name };
    for (const detail of varying) if (record[detail] !== undefined) Object.assign(compact, { [detail]: record[detail] });
    return compact;
  });
}

/** "7 Carla Mendes (carla.m, carla.m@x.org, Root entity > Sede)": a candidate in an error message. */
export function candidateText(candidate: RecordCandidate): string {
  const details = DETAILS.map((detail) => detailText(candidate, detail)).filter((d) => d !== undefined && d !== '' && d !== candidate.name);
  return `${candidate.id} ${candidate.name}${details.length ? ` (${details.join(', ')})` : ''}`;
}

/** A detail as a message shows it; a record it names (a task's project) by its id and name. */
function detailText(candidate: RecordCandidate, detail: Detail): string | undefined {
  if (detail === 'project') return candidate.project && `project ${candidate.project.id} ${candidate.project.name}`;
  return candidate[detail];
}
