import type { OutputField } from '../present/presenter.js';

/** One REST list of reference data: which reference kind it shows, and which columns. */
export interface ReferenceList {
  /** Key of REFERENCE_KINDS: table, scope rule and label come from there. */
  kind: string;
  output: readonly OutputField[];
}

const ID: OutputField = { name: 'id', kind: 'int' };
const NAME: OutputField = { name: 'name', kind: 'plain' };
const COMPLETENAME: OutputField = { name: 'completename', kind: 'plain' };
const OWNER: readonly OutputField[] = [
  { name: 'entities_id', kind: 'ref', ref: 'entity' },
  { name: 'is_recursive', kind: 'bool' },
];

/** Tree kinds show their parent as `parent`; records owned by an entity show it and the recursive flag. */
export const REFERENCE_LISTS = {
  entities: { kind: 'entity', output: [ID, NAME, COMPLETENAME, { name: 'parent', kind: 'ref', ref: 'entity', column: 'entities_id' }] },
  groups: { kind: 'group', output: [ID, NAME, ...OWNER] },
  profiles: { kind: 'profile', output: [ID, NAME] },
  'project-states': { kind: 'projectState', output: [ID, NAME] },
  'itil-categories': {
    kind: 'itilCategory',
    output: [ID, NAME, COMPLETENAME, { name: 'parent', kind: 'ref', ref: 'itilCategory', column: 'itilcategories_id' }, ...OWNER],
  },
  locations: { kind: 'location', output: [ID, NAME, COMPLETENAME, { name: 'parent', kind: 'ref', ref: 'location', column: 'locations_id' }, ...OWNER] },
} as const satisfies Record<string, ReferenceList>;

export type ReferenceListName = keyof typeof REFERENCE_LISTS;
