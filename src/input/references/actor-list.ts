import { echo, quoted } from '../../envelope/echo.js';
import type { ResolvedReference } from '../../envelope/envelope.js';
import type { Issue, RecordCandidate } from '../../envelope/issue.js';
import { lengthProblem } from '../length-rule.js';
import { listWrittenIn } from '../list-text.js';
import { readId } from '../record-id.js';
import type { Resolution } from './reference-resolver.js';
import type { NameScope } from './reference-scope.js';

/** The one lookup actors need (the input parser's ReferenceLookup). */
export interface ActorLookup {
  resolve(kind: string, field: string, input: unknown, scope: NameScope | undefined): Promise<Resolution>;
}

/** A ticket actor: a user or a group (GLPI keeps them in glpi_tickets_users and glpi_groups_tickets). */
export type ActorType = 'user' | 'group';

export interface ActorRef {
  type: ActorType;
  id: number;
}

/** At most this many actors in one list: a role holds a few people, and each costs a lookup. */
export const MAX_ACTORS = 20;
/** No user or group name is longer (names are stored in 255 characters). */
const MAX_NAME = 255;

export const ACTOR_FORMS = 'a user (id, login, email or "Firstname Lastname"), a group (name), or {"user": …} / {"group": id or name}';

export type ActorListResult = { ok: true; actors: ActorRef[]; resolved: Record<string, ResolvedReference> } | { ok: false; issues: Issue[] };

/**
 * Resolves a list of actors (a single one counts as a list of one). A number is a user id; a name
 * is looked up among users and groups at once and must mean exactly one of them (a name that is both
 * a user and a group is REFERENCE_AMBIGUOUS, answered with both and the object form that picks one);
 * `{"user": x}` or `{"group": x}` — or the `{type, id}` a ticket answer shows — names the kind.
 * Every item's problem is reported, each under `field[i]`. A text that is no actor's name but a
 * list of them ("normal, João Souza", "tech e Service Desk") is read as that list when one of its
 * parts at least is an actor (the others are answered under their place); else it stays one name
 * not found ("Silva, Maria" with no part an actor).
 */
export async function resolveActorList(lookup: ActorLookup, field: string, value: unknown, scope: NameScope | undefined): Promise<ActorListResult> {
  const answer = await resolveItems(lookup, field, value, scope);
  const parts = !answer.ok && typeof value === 'string' ? listWrittenIn(value) : undefined;
  if (!parts || parts.length > MAX_ACTORS || answer.ok || answer.issues[0].code !== 'REFERENCE_NOT_FOUND') return answer;
  const asList = await resolveItems(lookup, field, parts, scope);
  return asList.ok || asList.issues.length < parts.length ? asList : answer;
}

async function resolveItems(lookup: ActorLookup, field: string, value: unknown, scope: NameScope | undefined): Promise<ActorListResult> {
  const items = Array.isArray(value) ? value : [value];
  if (items.length > MAX_ACTORS) {
    return {
      ok: false,
      issues: [
        {
          field,
          code: 'TOO_LONG',
          received: echo(value),
          message: `${field} lists ${items.length} actors; at most ${MAX_ACTORS}.`,
          expected: `a list of up to ${MAX_ACTORS}: ${ACTOR_FORMS}`,
        },
      ],
    };
  }
  const outcomes = await Promise.all(items.map((item, index) => resolveOne(lookup, Array.isArray(value) ? `${field}[${index}]` : field, item, scope)));
  // Issues in the order of the items, whichever lookup answered first.
  const issues = outcomes.flatMap((o) => ('issue' in o ? [o.issue] : []));
  if (issues.length) return { ok: false, issues };
  const resolved: Record<string, ResolvedReference> = {};
  const found: ActorRef[] = [];
  outcomes.forEach((o, index) => {
    if ('issue' in o) return;
    resolved[Array.isArray(value) ? `${field}[${index}]` : field] = { input: items[index], id: o.id, name: o.name, type: o.type };
    found.push({ type: o.type, id: o.id });
  });
  const seen = new Set<string>();
  const actors = found.filter((a) => {
    const key = `${a.type}:${a.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { ok: true, actors, resolved };
}

type One = { type: ActorType; id: number; name: string } | { issue: Issue };

async function resolveOne(lookup: ActorLookup, field: string, item: unknown, scope: NameScope | undefined): Promise<One> {
  const explicit = explicitForm(item);
  if (explicit) return byKind(lookup, field, explicit.type, explicit.value, scope);
  if (readId(item) !== undefined) return byKind(lookup, field, 'user', item, scope);
  if (typeof item !== 'string' || item.trim() === '') {
    return { issue: { field, code: 'INVALID_TYPE', received: echo(item), message: `${field} must be ${ACTOR_FORMS}.`, expected: ACTOR_FORMS } };
  }
  const tooLong = lengthProblem(field, item, MAX_NAME, ACTOR_FORMS);
  if (tooLong) return { issue: tooLong };
  const [user, group] = await Promise.all([lookup.resolve('user', field, item, scope), lookup.resolve('group', field, item, scope)]);
  if (user.ok && group.ok) {
    const candidates: RecordCandidate[] = [
      { id: user.id, name: `user ${user.name}` },
      { id: group.id, name: `group ${group.name}` },
    ];
    return {
      issue: {
        field,
        code: 'REFERENCE_AMBIGUOUS',
        received: echo(item),
        message: `'${quoted(item)}' is both user ${user.name} (id ${user.id}) and group ${group.name} (id ${group.id}). Send {"user": ${user.id}} or {"group": ${group.id}}.`,
        candidates,
      },
    };
  }
  if (user.ok) return { type: 'user', id: user.id, name: user.name };
  if (group.ok) return { type: 'group', id: group.id, name: group.name };
  // Neither: an ambiguity within one kind says the most; else one not-found naming both kinds.
  if (user.issue.code === 'REFERENCE_AMBIGUOUS') return { issue: user.issue };
  if (group.issue.code === 'REFERENCE_AMBIGUOUS') return { issue: group.issue };
  const suggestions = [user.issue.did_you_mean, group.issue.did_you_mean].filter((s): s is string => !!s);
  const available = [...(group.issue.available ?? []), ...(user.issue.available ?? [])].slice(0, 20);
  const suggestion = suggestions.length === 1 ? suggestions[0] : undefined;
  return {
    issue: {
      field,
      code: 'REFERENCE_NOT_FOUND',
      received: echo(item),
      message: `name '${quoted(item)}' not found in users or groups.${suggestion ? ` Did you mean '${suggestion}'?` : ''}${available.length ? ` Available: ${available.join(', ')}.` : ''}`,
      available,
      ...(suggestion ? { did_you_mean: suggestion } : {}),
    },
  };
}

async function byKind(lookup: ActorLookup, field: string, type: ActorType, value: unknown, scope: NameScope | undefined): Promise<One> {
  const tooLong = typeof value === 'string' ? lengthProblem(field, value, MAX_NAME, `a name of at most ${MAX_NAME} characters`) : undefined;
  if (tooLong) return { issue: tooLong };
  const r = await lookup.resolve(type, field, value, scope);
  return r.ok ? { type, id: r.id, name: r.name } : { issue: r.issue };
}

/** `{"user": x}`, `{"group": x}`, or `{type, id}` / `{type, name}` as answers show actors. */
function explicitForm(item: unknown): { type: ActorType; value: unknown } | undefined {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return undefined;
  const o = item as Record<string, unknown>;
  if ('user' in o && !('group' in o)) return { type: 'user', value: o.user };
  if ('group' in o && !('user' in o)) return { type: 'group', value: o.group };
  if (o.type === 'user' || o.type === 'group') return { type: o.type, value: o.id ?? o.name };
  return undefined;
}
