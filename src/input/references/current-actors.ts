import { type EntityManager, In } from 'typeorm';
import { Group, User } from '../../database/entities/index.js';
import { echo, quoted } from '../../envelope/echo.js';
import type { ResolvedReference } from '../../envelope/envelope.js';
import type { Issue } from '../../envelope/issue.js';
import { matchKey } from '../../text/normalize.js';
import { readId } from '../record-id.js';
import { type ActorListResult, type ActorLookup, type ActorRef, type ActorType, resolveActorList } from './actor-list.js';
import type { Resolution } from './reference-resolver.js';

/** An actor a record has now, with every name it is known by (a user's login, full name and email; a group's name). */
export interface CurrentActor extends ActorRef {
  name: string;
  keys: readonly string[];
}

/**
 * The actors `refs` with their names: whoever is on a record is named by the names it shows,
 * whether or not the caller could add them (GLPI lets whoever edits a record take anyone off it).
 */
export async function currentActorsNamed(manager: EntityManager, refs: readonly ActorRef[]): Promise<CurrentActor[]> {
  const ids = (type: ActorType) => refs.filter((r) => r.type === type).map((r) => r.id);
  const [users, groups] = await Promise.all([
    ids('user').length ? manager.find(User, { where: { id: In(ids('user')) } }) : [],
    ids('group').length ? manager.find(Group, { where: { id: In(ids('group')) } }) : [],
  ]);
  const named = new Map<string, CurrentActor>();
  for (const u of users) {
    const fullName = [u.firstname, u.realname].filter(Boolean).join(' ');
    named.set(`user:${u.id}`, { type: 'user', id: u.id, name: u.name, keys: [u.name, fullName, u.email ?? ''].filter(Boolean).map(matchKey) });
  }
  for (const g of groups) named.set(`group:${g.id}`, { type: 'group', id: g.id, name: g.name, keys: [matchKey(g.name)] });
  return refs.flatMap((r) => named.get(`${r.type}:${r.id}`) ?? []);
}

/**
 * Resolves a removal list among the record's current actors of that role (`among`, named by `role`,
 * e.g. "observers of ticket 3"): by id, login, full name, email or group name, in every form an
 * actor list takes. Someone who is not one of them is answered with those who are (`adding`, those
 * the call adds to the role, are found but not offered).
 */
export async function resolveAmongCurrent(
  field: string,
  value: unknown,
  among: readonly CurrentActor[],
  role: string,
  adding: readonly CurrentActor[] = [],
): Promise<ActorListResult> {
  // One the same call adds is found too, so that the call is refused as adding and removing them at once.
  const current = new Set(among.map((a) => `${a.type}:${a.id}`));
  const added = adding.filter((a) => !current.has(`${a.type}:${a.id}`));
  const answer = await resolveActorList(currentLookup([...among, ...added]), field, value, undefined);
  if (answer.ok) return answer;
  const available = among.map((a) => a.name);
  const now = available.length ? available.join(', ') : 'there are none';
  // Every other user or group is left unnamed: only those on the record may be taken off it.
  const issues = answer.issues.map((issue) =>
    issue.code === 'REFERENCE_NOT_FOUND'
      ? { field: issue.field, code: issue.code, received: issue.received, message: `'${quoted(issue.received)}' is not among the ${role}: ${now}.`, available }
      : issue,
  );
  return { ok: false, issues };
}

/** Finds a name or id among the current actors of one kind; the issue of one not found is worded by resolveAmongCurrent. */
function currentLookup(among: readonly CurrentActor[]): ActorLookup {
  return {
    resolve(kind: string, field: string, input: unknown): Promise<Resolution> {
      const id = readId(input);
      const key = typeof input === 'string' ? matchKey(input) : undefined;
      const found = among.filter((a) => a.type === kind && (id !== undefined ? a.id === id : key !== undefined && a.keys.includes(key)));
      if (found.length === 1) return Promise.resolve({ ok: true, id: found[0].id, name: found[0].name });
      return Promise.resolve({ ok: false, issue: { field, code: 'REFERENCE_NOT_FOUND', received: echo(input), message: '' } });
    },
  };
}

/** A removal field as sent (`remove_observers`), the current actors of its role, those the call adds to it, and how that role is named in an issue. */
export interface Removal {
  field: string;
  value: unknown;
  among: readonly CurrentActor[];
  adding: readonly CurrentActor[];
  role: string;
}

/** Removal lists resolved: each field's actors (a field not sent is left out), what each name resolved to, and every problem. */
export interface Removals {
  lists: Record<string, ActorRef[]>;
  resolved: Record<string, ResolvedReference>;
  issues: Issue[];
}

/** Resolves every removal field a call sent, each among the current actors of its role (resolveAmongCurrent). */
export async function resolveRemovals(removals: readonly Removal[]): Promise<Removals> {
  const out: Removals = { lists: {}, resolved: {}, issues: [] };
  const sent = removals.filter((r) => r.value !== undefined);
  const answers = await Promise.all(sent.map((r) => resolveAmongCurrent(r.field, r.value, r.among, r.role, r.adding)));
  answers.forEach((answer, index) => {
    if (!answer.ok) return void out.issues.push(...answer.issues);
    out.lists[sent[index].field] = answer.actors;
    Object.assign(out.resolved, answer.resolved);
  });
  return out;
}

/** The actors of a list as the write holds them ({type, id}): a list whose names are not yet resolved has none. */
export function actorRefsIn(value: unknown): ActorRef[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (a): a is ActorRef =>
      typeof a === 'object' && a !== null && ((a as ActorRef).type === 'user' || (a as ActorRef).type === 'group') && typeof (a as ActorRef).id === 'number',
  );
}
