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
  add_entry: ['comment', 'add_comment', 'followup', 'add_note', 'note', 'reply', 'respond', 'comentar', 'responder'],
  link: ['relate', 'associate', 'vincular', 'relacionar'],
};

const VERB_OF = new Map<string, string>(Object.entries(VERB_WORDS).flatMap(([verb, words]) => words.map((word) => [word, verb] as const)));

/** Tools that delete or deactivate: suggested for a name that asks for that, never for one spelt alike (`ticket_close`). */
const DESTRUCTIVE = /_(?:delete|deactivate)$/;

/**
 * The tools closest to an unknown name, at most `limit`: the tool of the same domain whose verb the
 * name's verb stands for, alone; else the closest spellings, a destructive tool only when the name
 * says delete.
 */
export function closestTools(name: string, names: readonly string[], limit = 3): string[] {
  const at = name.indexOf('_');
  const byVerb = at > 0 ? VERB_OF.get(name.slice(at + 1).toLowerCase()) : undefined;
  const meant = byVerb ? `${name.slice(0, at).toLowerCase()}_${byVerb}` : undefined;
  if (meant && names.includes(meant)) return [meant];
  const asksToDelete = byVerb === 'delete' || /delet|deactiv/i.test(name);
  return rankClosest(name, asksToDelete ? names : names.filter((tool) => !DESTRUCTIVE.test(tool)), limit);
}
