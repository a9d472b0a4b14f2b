import type { OutputField } from '../present/presenter.js';

/** User columns as callers see them; `groups` is added from the memberships table. */
export const USER_OUTPUT: readonly OutputField[] = [
  { name: 'id', kind: 'int' },
  { name: 'name', kind: 'plain' },
  { name: 'realname', kind: 'plain' },
  { name: 'firstname', kind: 'plain' },
  { name: 'email', kind: 'plain' },
  { name: 'phone', kind: 'plain' },
  { name: 'timezone', kind: 'plain' },
  { name: 'language', kind: 'plain' },
  { name: 'is_active', kind: 'bool' },
  { name: 'entities_id', kind: 'ref', ref: 'entity' },
  { name: 'profiles_id', kind: 'ref', ref: 'profile' },
  { name: 'date_creation', kind: 'date' },
  { name: 'date_mod', kind: 'date' },
];

const COLUMN_NAMES = USER_OUTPUT.map((f) => f.name);
const AFTER_PROFILE = COLUMN_NAMES.indexOf('profiles_id') + 1;

/** Every output field in the order shown: `groups` follows the default assignment. */
export const USER_FIELD_NAMES: readonly string[] = [...COLUMN_NAMES.slice(0, AFTER_PROFILE), 'groups', ...COLUMN_NAMES.slice(AFTER_PROFILE)];

/** Columns of glpi_users a create or update writes directly (GLPI names). */
export const USER_COLUMNS = ['name', 'realname', 'firstname', 'email', 'phone', 'timezone', 'language', 'is_active'] as const;
