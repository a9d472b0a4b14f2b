import { matchKey } from '../common/text/normalize.js';

/** The lookup keys of a user row (name, email, "Firstname Lastname"), kept in step on every write. */
export function userKeys(user: Record<string, unknown>): { name_key: string; email_key: string | null; fullname_key: string | null } {
  const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
  const full = [text(user.firstname), text(user.realname)].filter(Boolean).join(' ');
  return {
    name_key: matchKey(text(user.name)),
    email_key: text(user.email) ? matchKey(text(user.email)) : null,
    fullname_key: full ? matchKey(full) : null,
  };
}

