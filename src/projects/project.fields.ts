import { PRIORITY } from '../input/vocab/glpi-vocabularies.js';
import type { OutputField } from '../present/presenter.js';

/** Project fields as callers see them. */
export const PROJECT_OUTPUT: readonly OutputField[] = [
  { name: 'id', kind: 'int' },
  { name: 'name', kind: 'plain' },
  { name: 'code', kind: 'plain' },
  { name: 'content', kind: 'plain' },
  { name: 'comment', kind: 'plain' },
  { name: 'projectstates_id', kind: 'ref', ref: 'projectState' },
  { name: 'priority', kind: 'enum', vocab: PRIORITY },
  { name: 'users_id', kind: 'ref', ref: 'user' },
  { name: 'groups_id', kind: 'ref', ref: 'group' },
  { name: 'entities_id', kind: 'ref', ref: 'entity' },
  { name: 'projects_id', kind: 'ref', ref: 'project' },
  { name: 'plan_start_date', kind: 'date' },
  { name: 'plan_end_date', kind: 'date' },
  { name: 'real_start_date', kind: 'date' },
  { name: 'real_end_date', kind: 'date' },
  { name: 'percent_done', kind: 'int' },
  { name: 'date_creation', kind: 'date' },
  { name: 'date_mod', kind: 'date' },
];

export const PROJECT_FIELD_NAMES = PROJECT_OUTPUT.map((f) => f.name);

/** Columns a create or update may write (GLPI names). */
export const PROJECT_WRITABLE = [
  'name',
  'code',
  'content',
  'comment',
  'projectstates_id',
  'priority',
  'users_id',
  'groups_id',
  'entities_id',
  'projects_id',
  'plan_start_date',
  'plan_end_date',
  'real_start_date',
  'real_end_date',
  'percent_done',
] as const;
