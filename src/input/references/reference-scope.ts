import { type Domain, DOMAINS, type EntityScope, type Principal } from '../../auth/principal.js';
import {
  allOf,
  type Condition,
  deleted,
  inScope,
  notDeleted,
  type ParameterizedBuilder,
  trashedTickets,
  visibleTickets,
  whereOf,
} from '../../auth/visibility.js';
import type { ReferenceKind } from './reference-kinds.js';

/**
 * What a caller sees when it names records (resolution, `available`, did_you_mean, candidates,
 * example names in tools/list): the entities it sees, and the domains whose records it may read.
 * A kind of record it may not read (users, for Self-Service) is named nowhere: the caller can name
 * only itself, and any other name or id of that kind is as absent as one that does not exist.
 */
export interface NameScope {
  entities: EntityScope;
  readable: readonly Domain[];
  /** The one user a caller may always name: itself. */
  userId: number;
  /** Tickets it may name are only its own, requested or observed (Self-Service: `ticket_scope: own`). */
  ownTickets: boolean;
  /** The zone the call's dates are shown in (zoneInForce): a candidate's date is its day there. */
  zone: string;
}

export function nameScopeOf(principal: Principal | undefined, zone: string): NameScope | undefined {
  if (!principal) return undefined;
  return {
    entities: principal.scope,
    readable: DOMAINS.filter((d) => principal.rights[d].includes('read')),
    userId: principal.userId,
    ownTickets: principal.rights.ticket_scope === 'own',
    zone,
  };
}

/** True when the caller may not read records of `kind` at all (their names are never shown to it). */
export function isHiddenKind(kind: ReferenceKind, scope: NameScope | undefined): boolean {
  return scope !== undefined && kind.readRight !== undefined && !scope.readable.includes(kind.readRight);
}

/**
 * The rows of `kind` the caller may name: existing ones (not soft-deleted) in its entities; of a
 * kind it may not read, only itself (a user) or none. Without a scope (system work) none is hidden.
 */
export function nameable(alias: string, kind: ReferenceKind, scope: NameScope | undefined): Condition {
  const existing = kind.softDelete ? notDeleted(alias) : { sql: '', params: [] };
  if (!scope) return existing;
  if (isHiddenKind(kind, scope))
    return allOf(existing, kind.kind === 'user' ? { sql: `${alias}.id = ?`, params: [scope.userId] } : { sql: '1 = 0', params: [] });
  // Tickets: the rule of every ticket read (Self-Service sees only those it requested).
  if (kind.kind === 'ticket') return visibleTickets(alias, scope.entities, scope.ownTickets ? scope.userId : null);
  return allOf(existing, inScope(alias, kind.scope, scope.entities));
}

/**
 * The soft-deleted rows of `kind` the caller could name before they were deleted (nameable's reach):
 * a refusal of one by id says it is in the trash. None for a kind without a trash or one the caller
 * may not read.
 */
export function trashed(alias: string, kind: ReferenceKind, scope: NameScope | undefined): Condition | undefined {
  if (!kind.softDelete || isHiddenKind(kind, scope)) return undefined;
  if (!scope) return deleted(alias);
  if (kind.kind === 'ticket') return trashedTickets(alias, scope.entities, scope.ownTickets ? scope.userId : null);
  return allOf(deleted(alias), inScope(alias, kind.scope, scope.entities));
}

/** Restricts a query builder's `alias` rows of `kind` to those the caller may name (nameable). */
export function applyNameScope<Q extends ParameterizedBuilder>(qb: Q, alias: string, kind: ReferenceKind, scope: NameScope | undefined): Q {
  return whereOf(qb, nameable(alias, kind, scope));
}
