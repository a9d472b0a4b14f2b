import { matchKey } from '../../text/normalize.js';

/**
 * Other words for a choice field's values, by meaning, in English and Brazilian Portuguese: what a
 * caller writes for `mine: assignee` ("assigned", "atribuídos") or `group_by: month` ("opening
 * month", "mês de abertura"). Taken as that value, as an enum takes its labels and synonyms
 * (glpi-vocabularies.ts). A word that could mean two values ("solved": the status, or the month
 * solved?) is in neither list: the caller is asked, with the closest value suggested.
 */
export type ChoiceWords = Readonly<Record<string, readonly string[]>>;

/** `ticket_search mine` (requester, assignee, observer, any). */
export const MINE_WORDS: ChoiceWords = {
  requester: ['requested', 'requested by me', 'reported', 'reported by me', 'requerente', 'solicitante', 'solicitados', 'solicitados por mim'],
  assignee: ['assigned', 'assigned to me', 'atribuido', 'atribuidos', 'atribuidos a mim', 'designado', 'designados', 'responsavel'],
  observer: [
    'observing',
    'observed',
    'watcher',
    'watching',
    'watched',
    'follower',
    'following',
    'followed',
    'observador',
    'observando',
    'observados',
    'acompanhando',
    'seguindo',
  ],
  // A field named "mine" reads as a yes/no to many callers (`mine: true`, the parser's "true"): mine, in any role.
  any: [
    'all',
    'all roles',
    'every role',
    'todos',
    'todas',
    'qualquer',
    'qualquer papel',
    'true',
    'yes',
    'sim',
    'mine',
    'my tickets',
    'my own',
    'meus',
    'minhas',
    'meus chamados',
    'meus tickets',
  ],
};

/**
 * `ticket_search sort`: what people ask for by meaning. "Recent" alone is in no list (opened or
 * changed lately?); "newest" is opened last, "recently updated" changed last.
 */
export const TICKET_SORT_WORDS: ChoiceWords = {
  '-date': ['newest', 'newest first', 'latest', 'most recent', 'mais recentes', 'mais recente', 'mais novos', 'mais novo', 'ultimos abertos'],
  date: ['oldest', 'oldest first', 'mais antigos', 'mais antigo', 'primeiros abertos'],
  '-date_mod': ['recently updated', 'recently modified', 'last updated', 'last modified', 'atualizados recentemente', 'modificados recentemente'],
  '-priority': ['highest priority', 'highest priority first', 'most urgent', 'maior prioridade', 'mais urgentes', 'mais urgente'],
  priority: ['lowest priority', 'menor prioridade'],
};

/** `project_search sort`: the same words, a project's creation date standing for a ticket's opening. */
export const PROJECT_SORT_WORDS: ChoiceWords = {
  '-date_creation': TICKET_SORT_WORDS['-date'],
  date_creation: TICKET_SORT_WORDS.date,
  '-date_mod': TICKET_SORT_WORDS['-date_mod'],
  '-priority': TICKET_SORT_WORDS['-priority'],
  priority: TICKET_SORT_WORDS.priority,
  '-percent_done': ['most progress', 'most advanced', 'mais avancados', 'mais adiantados'],
};

/** `ticket_search group_by` (status … solve_month). */
export const STATS_GROUP_WORDS: ChoiceWords = {
  status: ['situacao', 'estado'],
  type: ['tipo', 'ticket type'],
  priority: ['prioridade'],
  urgency: ['urgencia'],
  impact: ['impacto'],
  category: ['categoria', 'itilcategories_id', 'itil category', 'categoria itil'],
  location: ['localizacao', 'local', 'locations_id'],
  entity: ['entidade', 'entities_id'],
  assignee: ['assigned', 'assigned to', 'technician', 'assignee_id', 'atribuido', 'atribuido a', 'tecnico', 'responsavel'],
  group: ['grupo', 'assigned group', 'assignee_group_id', 'grupo atribuido', 'grupo tecnico'],
  requester: ['requerente', 'solicitante', 'requester_id'],
  month: ['opening month', 'month opened', 'month of opening', 'creation month', 'month created', 'mes', 'mes de abertura', 'mes de criacao'],
  solve_month: ['solve month', 'solved month', 'month solved', 'month of solving', 'resolution month', 'mes de solucao', 'mes de resolucao'],
};

/** `ticket_add_entry kind` (followup, task, solution): GLPI's pt-BR names of the three, and their English words. */
export const ENTRY_KIND_WORDS: ChoiceWords = {
  followup: ['follow-up', 'follow up', 'acompanhamento', 'comment', 'comentario', 'reply', 'resposta', 'note', 'nota'],
  task: ['tarefa', 'atividade', 'activity', 'worklog', 'work log', 'time entry', 'apontamento'],
  solution: ['solucao', 'resolucao', 'resolution'],
};

/**
 * `domain_switch domain` (project, ticket, user): the domain named in pt-BR or by its records.
 * Suggested, never taken: the domain tools are sent the domain as it is, and a session opened with
 * another word would teach the caller a value they refuse.
 */
export const DOMAIN_WORDS: ChoiceWords = {
  ticket: ['chamado', 'chamados', 'incidente', 'incidentes', 'incident', 'incidents', 'requisicao', 'requisicoes', 'issue', 'issues'],
  project: ['projeto', 'projetos', 'projects', 'project task', 'project tasks', 'tarefa de projeto', 'tarefas de projeto'],
  user: ['usuario', 'usuarios', 'users', 'pessoa', 'pessoas', 'people', 'colaborador', 'colaboradores', 'account', 'accounts', 'conta', 'contas'],
};

/** Each word with the value it stands for, as the suggesters take candidate texts ([text, value]). */
export function wordTexts(words: ChoiceWords | undefined): Array<readonly [string, string]> {
  return Object.entries(words ?? {}).flatMap(([value, list]) => list.map((word) => [word, value] as const));
}

/** The value a word means, keyed by matchKey (case, accents and spacing ignored). */
export function wordIndex(words: ChoiceWords): ReadonlyMap<string, string> {
  const index = new Map<string, string>();
  for (const [value, list] of Object.entries(words)) for (const word of list) index.set(matchKey(word), value);
  return index;
}

/**
 * The one value a list entry names in the other grammatical number ("project_task" -> project_tasks,
 * "timelines" -> timeline): a value that is the entry plus or minus a final "s", when no other value
 * starts with the same singular ("requester": requester_id or requesters? "dates": date or date_mod?
 * neither is read). Exact spelling otherwise: a misspelling is suggested, never read.
 */
export function otherNumberOf(entry: string, values: readonly string[]): string | undefined {
  const value = values.find((v) => v === `${entry}s` || `${v}s` === entry);
  if (value === undefined || value.length === 0 || entry.length < 2) return undefined;
  const singular = value.length < entry.length ? value : entry;
  return values.every((v) => v === value || !v.startsWith(singular)) ? value : undefined;
}
