import type { ActorLookup } from './actor-list.js';
import type { Resolution } from './reference-resolver.js';
import type { NameScope } from './reference-scope.js';

/**
 * The lookups of one call's arguments, each asked once: a call that names the same record in two
 * fields (`requester_id: "tech", assignee_id: "tech"`) resolves it with one statement. Only for one
 * call, so one scope: the same kind and input under the same scope is the same answer, rights and
 * visibility included. Only successes are shared: a failure's issue names its field, so each field
 * that fails asks again and gets its own (a rare path).
 */
export function sharedLookup(lookup: ActorLookup): ActorLookup {
  const asked = new Map<string, { scope: NameScope | undefined; answer: Promise<Resolution> }>();
  return {
    async resolve(kind, field, input, scope) {
      if (typeof input !== 'string' && typeof input !== 'number') return lookup.resolve(kind, field, input, scope);
      const key = `${kind}\u0000${typeof input}\u0000${input}`;
      const earlier = asked.get(key);
      if (earlier && earlier.scope === scope) {
        const answer = await earlier.answer;
        if (answer.ok) return answer;
        return lookup.resolve(kind, field, input, scope);
      }
      const answer = lookup.resolve(kind, field, input, scope);
      asked.set(key, { scope, answer });
      return answer;
    },
  };
}
