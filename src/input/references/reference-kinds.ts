/**
 * The tables a reference field can point at, and how each is matched and scoped. Scoping follows
 * GLPI: records of an entity are visible to callers who see that entity; groups, categories and
 * locations flagged recursive are visible from the entities below theirs too.
 */
import type { Domain } from '../../auth/principal.js';
import type { ScopeRule } from '../../auth/visibility.js';
import { afterNot, matchKey } from '../../text/normalize.js';

export interface ReferenceKind {
  kind: string;
  /** Plural noun for messages: "not found in project states". */
  label: string;
  table: string;
  /** Column shown as the name (completename for trees). */
  display: string;
  /** Normalized key columns, each indexed; a name matches when any equals matchKey(input). */
  keys: string[];
  /** Columns compared to the input for the exact-match preference. */
  exact: string[];
  scope: ScopeRule;
  /** Rows have is_deleted: a deleted one is gone (the one visibility rule, auth/visibility.ts). */
  softDelete?: boolean;
  /** Records of a domain: named only to callers with that domain's read right (see NameScope). */
  readRight?: Domain;
  /** Words a search's filter takes for several records at once (ReferenceGroup); none elsewhere. */
  groups?: readonly ReferenceGroup[];
}

/**
 * A word for every record of a kind that meets a condition ("open": every project state not
 * finished), in a filter only: a record is set to one of them, never to all.
 */
export interface ReferenceGroup {
  /** The word shown in messages, and its other spellings as match keys (English and pt-BR). */
  word: string;
  words: readonly string[];
  /** What it takes, for messages: "every state not finished". */
  meaning: string;
  /** The rows' condition, on the alias `t`. */
  where: string;
  /** The `word` of the group of every other record: what this one stands for after "not" ("not open" is finished). */
  opposite?: string;
}

export const REFERENCE_KINDS: Record<string, ReferenceKind> = {
  entity: {
    kind: 'entity',
    label: 'entities',
    table: 'glpi_entities',
    display: 'completename',
    keys: ['name_key', 'completename_key'],
    exact: ['name', 'completename'],
    scope: 'entity-self',
  },
  profile: {
    kind: 'profile',
    label: 'profiles',
    table: 'glpi_profiles',
    display: 'name',
    keys: ['name_key'],
    exact: ['name'],
    scope: 'global',
  },
  user: {
    kind: 'user',
    label: 'users',
    table: 'glpi_users',
    display: 'name',
    keys: ['name_key', 'email_key', 'fullname_key'],
    exact: ['name', 'email'],
    scope: 'user-assignment',
    softDelete: true,
    readRight: 'user',
  },
  group: {
    kind: 'group',
    label: 'groups',
    table: 'glpi_groups',
    display: 'name',
    keys: ['name_key'],
    exact: ['name'],
    scope: 'entity-recursive',
  },
  projectState: {
    kind: 'projectState',
    label: 'project states',
    table: 'glpi_projectstates',
    display: 'name',
    keys: ['name_key'],
    exact: ['name'],
    scope: 'global',
    // GLPI marks the states that end a project (is_finished): "open projects" are in any other.
    groups: [
      {
        word: 'open',
        words: ['open', 'not finished', 'unfinished', 'active', 'aberto', 'abertos', 'em aberto', 'ativo', 'ativos', 'nao concluido', 'nao concluidos'],
        meaning: 'every state not finished',
        where: 't.is_finished = 0',
        opposite: 'finished',
      },
      {
        word: 'finished',
        words: ['finished', 'done', 'completed', 'complete', 'concluido', 'concluidos', 'finalizado', 'finalizados', 'encerrado', 'encerrados'],
        meaning: 'every finished state',
        where: 't.is_finished = 1',
        opposite: 'open',
      },
    ],
  },
  itilCategory: {
    kind: 'itilCategory',
    label: 'ITIL categories',
    table: 'glpi_itilcategories',
    display: 'completename',
    keys: ['name_key', 'completename_key'],
    exact: ['name', 'completename'],
    scope: 'entity-recursive',
  },
  location: {
    kind: 'location',
    label: 'locations',
    table: 'glpi_locations',
    display: 'completename',
    keys: ['name_key', 'completename_key'],
    exact: ['name', 'completename'],
    scope: 'entity-recursive',
  },
  solutionType: {
    kind: 'solutionType',
    label: 'solution types',
    table: 'glpi_solutiontypes',
    display: 'name',
    keys: ['name_key'],
    exact: ['name'],
    scope: 'entity-recursive',
  },
  project: {
    kind: 'project',
    label: 'projects',
    table: 'glpi_projects',
    display: 'name',
    keys: ['name_key'],
    exact: ['name'],
    scope: 'entity',
    softDelete: true,
    readRight: 'project',
  },
  /** A project task by its name: project_task_save's id. The project's entity is the task's (copied on create). */
  projectTask: {
    kind: 'projectTask',
    label: 'project tasks',
    table: 'glpi_projecttasks',
    display: 'name',
    keys: ['name_key'],
    exact: ['name'],
    scope: 'entity',
    readRight: 'project',
  },
  /** A ticket by its title: ticket_get / ticket_update. Self-Service names only tickets it requested (nameable). */
  ticket: {
    kind: 'ticket',
    label: 'tickets',
    table: 'glpi_tickets',
    display: 'name',
    keys: ['name_key'],
    exact: ['name'],
    scope: 'entity',
    softDelete: true,
    readRight: 'ticket',
  },
};

export function referenceKind(kind: string): ReferenceKind {
  const found = REFERENCE_KINDS[kind];
  if (!found) throw new Error(`Unknown reference kind '${kind}'`);
  return found;
}

/**
 * The word for several of `kind` that `input` is, in any case and accents (a filter's only), or the
 * opposite of the one it names after a word or sign for "not" ("not open", "!open", "exceto
 * concluídos": every state the word leaves out).
 */
export function referenceGroupOf(kind: ReferenceKind, input: unknown): ReferenceGroup | undefined {
  if (typeof input !== 'string' || !kind.groups || input.length > 64) return undefined;
  const named = groupWithWord(kind.groups, input);
  if (named) return named;
  const rest = afterNot(input);
  const negated = rest === undefined ? undefined : groupWithWord(kind.groups, rest);
  return negated?.opposite === undefined ? undefined : kind.groups.find((group) => group.word === negated.opposite);
}

function groupWithWord(groups: readonly ReferenceGroup[], input: string): ReferenceGroup | undefined {
  const key = matchKey(input);
  return groups.find((group) => group.words.includes(key));
}
