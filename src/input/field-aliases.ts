import type { Domain } from '../auth/principal.js';
import type { FieldSpec } from './field-spec.js';
import { sortKeysOf } from './sort-keys.js';
import type { ChoiceWords } from './vocab/choice-words.js';

type AliasTable = Readonly<Record<string, readonly string[]>>;

/** Names models use for the id of the record a tool acts on. */
export const RECORD_ID_ALIASES = ['ticket_id', 'project_id', 'user_id', 'record_id', 'item_id'] as const;
/** The reference kind each `<kind>_id` of RECORD_ID_ALIASES names: the id of a record of that kind only. */
const KIND_OF_ID_ALIAS: Readonly<Record<string, string>> = { ticket_id: 'ticket', project_id: 'project', user_id: 'user' };
/** Names models use for free text and page size. */
export const QUERY_ALIASES = ['search', 'text', 'q', 'keyword', 'keywords', 'busca'] as const;
export const LIMIT_ALIASES = ['page_size', 'per_page', 'max', 'top', 'count'] as const;
/** Pages are read by cursor: a page number or offset is the cursor's job. */
export const CURSOR_ALIASES = ['page', 'pagina', 'page_number', 'next_page', 'page_token', 'next_cursor', 'offset', 'skip'] as const;
export const SORT_ALIASES = ['order_by', 'orderby', 'sort_by', 'sortby', 'order', 'ordenar', 'ordenar_por', 'ordem'] as const;

/** A search's range of the last change (date_mod), named by what happened after or before a date. */
const UPDATED_AFTER = [
  'updated_after',
  'updated_since',
  'modified_after',
  'modified_since',
  'changed_after',
  'changed_since',
  'atualizado_apos',
  'alterado_apos',
];
const UPDATED_BEFORE = ['updated_before', 'updated_until', 'modified_before', 'modified_until', 'changed_before', 'atualizado_antes', 'alterado_antes'];

/** The last change of a record (date_mod), by the names other schemas give it. */
const LAST_CHANGE = [
  'updated',
  'updated_at',
  'modified',
  'modified_at',
  'last_modified',
  'last_update',
  'last_updated',
  'atualizado_em',
  'alterado_em',
  'data_modificacao',
];

/** Arguments every domain's tools share (the id's are those of its record's kind: recordIdAliases). */
const CALL: AliasTable = { query: QUERY_ALIASES, limit: LIMIT_ALIASES, cursor: CURSOR_ALIASES, sort: SORT_ALIASES };

/**
 * Other names of each field of a domain, declared once per (domain, field): every tool of the
 * domain that has the field takes them, search filters included (`user_search {login}` is `name`).
 * The words a tool's description uses for a field are among them (a followup is a "comment", so
 * `comment` is `content` for tickets). They are suggested (did_you_mean), never accepted, and a
 * real field of the tool always wins over an alias (`comment` is a project field of its own).
 * A word is an alias of one field per domain, or of none.
 */
export const FIELD_ALIASES: Readonly<Record<Domain, AliasTable>> = {
  ticket: {
    name: ['title', 'titulo', 'subject', 'assunto', 'nome', 'summary'],
    // A ticket's content is its description; a followup's words are ticket_add_entry's own (ENTRY_CONTENT_ALIASES),
    // so ticket_update {followup} is not sent to overwrite the description.
    content: ['description', 'descricao', 'details', 'body', 'texto'],
    status: ['state', 'estado', 'situacao'],
    itilcategories_id: ['category', 'categoria', 'category_id', 'itilcategory'],
    locations_id: ['location', 'local', 'localizacao', 'location_id'],
    entities_id: ['entity', 'entidade'],
    requester_id: [
      'requester',
      'requerente',
      'solicitante',
      'users_id',
      'requestor',
      'caller',
      'reporter',
      'opened_by',
      'created_by',
      'reported_by',
      'aberto_por',
    ],
    assignee_id: ['assignee', 'technician', 'tecnico', 'assigned_to', 'responsavel', 'owner'],
    assignee_group_id: ['group', 'grupo', 'team', 'equipe', 'groups_id', 'assigned_group'],
    // A ticket is created when it is opened: `date` (GLPI's opening date) is what "created" means of one.
    date: [
      'opened',
      'opened_at',
      'open_date',
      'abertura',
      'opening_date',
      'data',
      'created',
      'created_at',
      'creation_date',
      'criado',
      'criado_em',
      'data_abertura',
    ],
    date_mod: LAST_CHANGE,
    time_to_resolve: ['due_date', 'deadline', 'prazo', 'sla', 'due'],
    // A search's ranges, named by what happened after or before a date: a ticket's `date` is when it was opened.
    date_from: ['created_after', 'created_since', 'created_from', 'opened_after', 'opened_since', 'opened_from', 'criado_apos', 'aberto_apos', 'aberto_desde'],
    date_to: ['created_before', 'created_until', 'created_to', 'opened_before', 'opened_until', 'criado_antes', 'aberto_antes', 'aberto_ate'],
    date_mod_from: UPDATED_AFTER,
    date_mod_to: UPDATED_BEFORE,
    time_to_resolve_from: ['due_after', 'deadline_after', 'prazo_apos', 'vence_apos'],
    time_to_resolve_to: ['due_before', 'due_by', 'due_until', 'deadline_before', 'prazo_ate', 'vence_ate', 'vence_antes'],
    is_private: ['private', 'privado', 'privada', 'internal', 'interno', 'interna'],
    urgency: ['urgencia'],
    impact: ['impacto'],
    priority: ['prioridade'],
    type: ['tipo'],
    observer_id: ['watcher', 'observer', 'observador', 'follower', 'watcher_id'],
    observers: ['watchers', 'observadores', 'followers', 'cc'],
    assignees: ['technicians', 'tecnicos', 'assigned_users'],
    requesters: ['requestors', 'solicitantes', 'requerentes'],
    overdue: ['late', 'atrasado', 'atrasados', 'past_due', 'is_overdue', 'vencido', 'vencidos'],
    group_by: [
      'groupby',
      'agrupar',
      'agrupar_por',
      'breakdown',
      'breakdown_by',
      'aggregate',
      'aggregate_by',
      'count_by',
      'counts_by',
      'stats_by',
      'contar_por',
      'totais_por',
    ],
    mine: ['my', 'meus', 'meu', 'minhas'],
    kind: ['type', 'entry_type', 'entry_kind', 'tipo_entrada'],
    duration: ['time_spent', 'tempo_gasto', 'actiontime', 'spent', 'tempo'],
    approver_id: ['approver', 'aprovador', 'validator', 'validador', 'approver_user'],
    // A validation's answer is its status in GLPI (glpi_ticketvalidations.status); ticket tools that
    // have a status of their own take it as theirs (a real field wins over an alias).
    answer: ['status', 'approval', 'decision', 'resposta', 'decisao', 'aprovacao', 'parecer'],
  },
  project: {
    name: ['title', 'titulo', 'nome', 'subject', 'assunto'],
    code: ['codigo', 'project_code'],
    content: ['description', 'descricao', 'details', 'body', 'texto'],
    comment: ['comments', 'comentario', 'comentarios', 'notes', 'observacao', 'observacoes'],
    projectstates_id: ['status', 'estado', 'situacao', 'state', 'project_state', 'projectstate'],
    users_id: ['manager', 'gestor', 'responsavel', 'owner', 'user', 'gerente', 'dono', 'proprietario'],
    groups_id: ['group', 'team', 'grupo', 'equipe'],
    entities_id: ['entity', 'entidade'],
    projects_id: ['parent', 'parent_id', 'projeto_pai', 'parent_project'],
    add_members: ['members', 'users', 'membros', 'participants', 'participantes', 'team_members', 'assignees', 'atribuidos'],
    // A task's one member to add: the one it is assigned to (a project's manager is its users_id).
    member_id: ['member', 'membro', 'assignee', 'assignee_id', 'assigned_to', 'atribuido_a', 'responsavel', 'owner', 'dono'],
    percent_done: ['progress', 'progresso', 'percent', 'completion', 'percentual'],
    priority: ['prioridade'],
    plan_start_date: ['start_date', 'start', 'inicio', 'data_inicio', 'planned_start'],
    plan_end_date: ['end_date', 'end', 'fim', 'data_fim', 'planned_end', 'termino', 'due_date', 'deadline', 'prazo', 'due'],
    real_start_date: ['actual_start', 'started_at', 'inicio_real'],
    real_end_date: ['actual_end', 'finished_at', 'fim_real'],
    date_creation: ['created', 'created_at', 'creation_date', 'criado', 'criado_em', 'data_criacao'],
    date_mod: LAST_CHANGE,
    plan_start_date_from: ['starts_after', 'start_after', 'starting_after', 'starts_from', 'inicio_apos', 'comeca_apos'],
    plan_start_date_to: ['starts_before', 'start_before', 'starting_before', 'inicio_antes', 'comeca_antes'],
    plan_end_date_from: ['ends_after', 'end_after', 'ending_after', 'fim_apos', 'termina_apos'],
    plan_end_date_to: ['ends_before', 'end_before', 'ending_before', 'due_before', 'due_by', 'fim_antes', 'termina_antes'],
    date_mod_from: UPDATED_AFTER,
    date_mod_to: UPDATED_BEFORE,
  },
  user: {
    name: ['login', 'username', 'user_name', 'usuario'],
    realname: ['lastname', 'last_name', 'surname', 'sobrenome', 'family_name'],
    firstname: ['first_name', 'given_name', 'primeiro_nome'],
    email: ['mail', 'e_mail', 'email_address'],
    phone: ['telephone', 'telefone', 'mobile', 'celular', 'phone_number'],
    profiles_id: ['profile', 'role', 'perfil'],
    entities_id: ['entity', 'entidade'],
    groups_id: ['group', 'team', 'grupo', 'equipe'],
    timezone: ['tz', 'time_zone', 'fuso_horario'],
    language: ['locale', 'lang', 'idioma'],
    is_active: ['active', 'enabled', 'ativo'],
    date_mod: LAST_CHANGE,
    date_mod_from: UPDATED_AFTER,
    date_mod_to: UPDATED_BEFORE,
  },
};

/**
 * Names models use for one value this desk keeps in two fields: a user's full name (GLPI keeps the
 * first name and the surname apart), a range (its two ends). Not aliases: neither field alone is
 * meant, so a tool with both names both (unknownFieldOfTwo).
 */
export const TWO_FIELD_NAMES: ReadonlyArray<{ names: readonly string[]; fields: readonly [string, string]; what: string }> = [
  {
    names: ['full_name', 'nome_completo', 'display_name', 'complete_name', 'name_full'],
    fields: ['firstname', 'realname'],
    what: 'the first name and the surname',
  },
  {
    names: ['date_range', 'created_between', 'opened_between', 'date_between', 'period', 'periodo', 'intervalo', 'between', 'entre'],
    fields: ['date_from', 'date_to'],
    what: "the range's first and last date",
  },
];

/** Words for a followup's, task's or solution's text: ticket_add_entry's content (its DTO declares them). */
export const ENTRY_CONTENT_ALIASES = ['comment', 'comentario', 'followup', 'message', 'mensagem', 'note', 'nota', 'acompanhamento', 'reply'] as const;

/**
 * A domain tool's fields with their aliases from the table, after those a field declares itself (a
 * word meant for one tool's field only); the policy's fields: tools/list and the input pipe read these.
 * `reads`: the tool writes no record (its id may then be named by the record's name: recordIdAliases).
 */
export function withAliases(domain: Domain, fields: readonly FieldSpec[], reads = false): FieldSpec[] {
  const table = FIELD_ALIASES[domain];
  return fields.map((spec) => {
    if (spec.kind === 'choices' && spec.name === PROJECTION) return { ...spec, valueAliases: valueAliasesOf(table, spec.values ?? []) };
    const shared =
      table[spec.name] ??
      (spec.name === 'id'
        ? recordIdAliases(spec, table, reads && !fields.some((f) => f.name === 'name'))
        : spec.name === 'query'
          ? queryAliases(domain, fields)
          : CALL[spec.name]);
    // A sort's keys are fields: their other names name them (`updated_at desc` is suggested `-date_mod`).
    const keys = spec.kind === 'choice' && spec.values ? sortKeysOf(spec.values) : undefined;
    const rangeOf = rangeNames(spec, fields, table);
    const named = keys ? { ...spec, valueAliases: valueAliasesOf(table, keys) } : rangeOf ? { ...spec, rangeOf } : spec;
    if (!shared) return named;
    return { ...named, aliases: spec.aliases ? [...spec.aliases, ...shared] : shared };
  });
}

/**
 * The names of the date a range's start (`date_from`, with its `date_to`) is of, on a tool without
 * that date itself (a search): its name and the table's other names for it.
 */
function rangeNames(spec: FieldSpec, fields: readonly FieldSpec[], table: AliasTable): readonly string[] | undefined {
  if (spec.bound !== 'start' || !spec.name.endsWith(RANGE_START)) return undefined;
  const date = spec.name.slice(0, -RANGE_START.length);
  const has = (name: string) => fields.some((f) => f.name === name);
  return has(`${date}${RANGE_END}`) && !has(date) ? [date, ...(table[date] ?? [])] : undefined;
}

/** How a range's two fields are named after their date. */
export const RANGE_START = '_from';
export const RANGE_END = '_to';

/** The fields a search's free text reads, by domain (the repositories' `text` of each search plan). */
const READ_BY_QUERY: Readonly<Record<Domain, readonly string[]>> = {
  ticket: ['name', 'content'],
  project: ['name', 'code', 'content'],
  user: ['name', 'realname', 'firstname', 'email'],
};

/**
 * `query`'s aliases: the words for free text, and the fields it reads that the search has no filter
 * of, by their names and aliases: on ticket_search, `title` is the query (it reads titles).
 */
function queryAliases(domain: Domain, fields: readonly FieldSpec[]): readonly string[] {
  const table = FIELD_ALIASES[domain];
  const read = READ_BY_QUERY[domain].filter((name) => !fields.some((f) => f.name === name));
  return [...QUERY_ALIASES, ...read.flatMap((name) => [name, ...(table[name] ?? [])])];
}

/**
 * The aliases of the id of the record a tool acts on, without those naming a record of another kind:
 * on project_task_save, `project_id` is the task's project (projects_id), `user_id` no task's id.
 * On a read with no name field of its own (`nameless`: ticket_get, user_get), an id that takes the
 * record's name is also named by `name` and its aliases: `ticket_get {title}` is suggested `id`, as
 * `query` is on a search (queryAliases). Not on a write: ticket_add_entry's `title` may be one meant
 * for the entry.
 */
function recordIdAliases(spec: FieldSpec, table: AliasTable, nameless: boolean): readonly string[] {
  const own = spec.ref === undefined ? RECORD_ID_ALIASES : RECORD_ID_ALIASES.filter((alias) => (KIND_OF_ID_ALIAS[alias] ?? spec.ref) === spec.ref);
  return nameless && spec.kind === 'ref' ? [...own, 'name', ...(table.name ?? [])] : own;
}

/** The argument of a read that lists the record's fields to answer with: its values are field names. */
export const PROJECTION = 'fields';

/** The domain's aliases of the fields a projection lists: `fields: ["title"]` is suggested `name`. */
function valueAliasesOf(table: AliasTable, values: readonly string[]): ChoiceWords {
  return Object.fromEntries(values.filter((value) => table[value]).map((value) => [value, table[value]]));
}
