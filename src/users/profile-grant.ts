import { parseRights } from '../auth/principal.loader.js';
import { DOMAINS, type Principal } from '../auth/principal.js';

/**
 * Rights a profile would give beyond the caller's own, as "domain:action" (empty when none).
 * Handing out a profile stronger than one's own would be a privilege escalation by proxy.
 */
export function rightsBeyond(caller: Principal, profileRights: string | null): string[] {
  const granted = parseRights(profileRights);
  const extra: string[] = [];
  for (const domain of DOMAINS) {
    for (const action of granted[domain] ?? []) {
      if (!caller.rights[domain].includes(action)) extra.push(`${domain}:${action}`);
    }
  }
  if (granted.ticket?.length && granted.ticket_scope !== 'own' && caller.rights.ticket_scope === 'own') extra.push('ticket:all-tickets');
  return extra;
}
