import { rankClosest } from '../text/suggest.js';

/**
 * The verbs models put in a tool's name for the verbs this catalogue uses: `ticket_list` is
 * ticket_search, `ticket_comment` ticket_add_entry. Each word stands for one verb.
 */
const VERB_WORDS: Readonly<Record<string, readonly string[]>> = {
  search: ['list', 'find', 'query', 'lookup', 'all', 'index', 'listar', 'buscar', 'busca', 'pesquisar', 'procurar'],
  get: ['show', 'read', 'fetch', 'view', 'detail', 'details', 'info', 'ver', 'obter', 'mostrar'],
  create: ['new', 'add', 'open', 'make', 'insert', 'criar', 'abrir', 'novo', 'nova'],
  update: ['edit', 'modify', 'change', 'patch', 'set', 'editar', 'alterar', 'atualizar'],
  delete: ['remove', 'del', 'destroy', 'excluir', 'apagar', 'remover'],
  add_entry: ['comment', 'add_comment', 'followup', 'add_note', 'note', 'reply', 'respond', 'comentar', 'responder', 'solve', 'add_task', 'add_solution'],
  link: ['relate', 'associate', 'vincular', 'relacionar'],
};

const VERB_OF = new Map<string, string>(Object.entries(VERB_WORDS).flatMap(([verb, words]) => words.map((word) => [word, verb] as const)));

/**
 * The tools closest to an unknown name, at most `limit`: first the tool of the same domain whose
 * verb the name's verb stands for, then the closest spellings.
 */
export function closestTools(name: string, names: readonly string[], limit = 3): string[] {
  const at = name.indexOf('_');
  const byVerb = at > 0 ? VERB_OF.get(name.slice(at + 1).toLowerCase()) : undefined;
  const meant = byVerb ? `${name.slice(0, at).toLowerCase()}_${byVerb}` : undefined;
  const first = meant && names.includes(meant) ? [meant] : [];
  return [...first, ...rankClosest(name, names, limit + 1).filter((tool) => tool !== meant)].slice(0, limit);
}
