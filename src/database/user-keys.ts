import type { DataSource } from 'typeorm';
import { lookAlikeKey } from '../text/look-alike.js';
import { matchKey } from '../text/normalize.js';
import { type KeyCondition, keyEquals } from './key-equality.js';

export interface UserKeys {
  name_key: string;
  email_key: string | null;
  fullname_key: string | null;
  name_lookalike: string;
  email_lookalike: string | null;
}

/**
 * The lookup keys of a user row (name, email, "Firstname Lastname"), and the look-alike keys that
 * keep logins and emails unique, kept in step on every write.
 */
export function userKeys(user: Record<string, unknown>): UserKeys {
  const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
  const full = [text(user.firstname), text(user.realname)].filter(Boolean).join(' ');
  return {
    name_key: matchKey(text(user.name)),
    email_key: text(user.email) ? matchKey(text(user.email)) : null,
    fullname_key: full ? matchKey(full) : null,
    name_lookalike: lookAlikeKey(text(user.name)),
    email_lookalike: text(user.email) ? lookAlikeKey(text(user.email)) : null,
  };
}

/**
 * The keys an update writes, `columns` changing the stored `current` row: every key again, but the
 * email's look-alike key only with a new email. That key is unique, and a user whose email an older
 * user already had when it became so holds none (migration UniqueEmails): a change of its other
 * fields leaves it so.
 */
export function updatedUserKeys(current: Record<string, unknown>, columns: Record<string, unknown>): Partial<UserKeys> {
  const { email_lookalike, ...others } = userKeys({ ...current, ...columns });
  return 'email' in columns ? { ...others, email_lookalike } : others;
}

/**
 * What a login names an account by: every spelling with this key (case, accents, white space aside)
 * is the same account, so it is also what counts that account's failed sign-ins.
 */
export function loginKey(login: string): string {
  return matchKey(login);
}

/**
 * The user a login names, for every lookup by login (sign-in, tokens, the user CLI): the login's key
 * equals the row's, exactly (keyEquals). A login equal to the stored one has that key too.
 */
export function loginIs(db: DataSource, alias: string, login: string): KeyCondition {
  return keyEquals(db, `${alias}.name_key`, loginKey(login));
}
