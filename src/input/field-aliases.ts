/**
 * Names models commonly use for our fields, by field: suggested (did_you_mean) when an unknown field
 * is sent, never accepted silently. Applies to every tool that has the field; a DTO may add its own.
 */
export const FIELD_ALIASES: Readonly<Record<string, readonly string[]>> = {
  id: ['ticket_id', 'project_id', 'user_id', 'record_id', 'item_id'],
  name: ['title', 'titulo', 'nome', 'subject', 'assunto'],
  content: ['description', 'descricao', 'details', 'body', 'text'],
  projectstates_id: ['status', 'state', 'estado', 'situacao', 'project_state', 'projectstate'],
  users_id: ['manager', 'gestor', 'responsavel', 'owner', 'user'],
  groups_id: ['group', 'team', 'grupo', 'equipe'],
  entities_id: ['entity', 'entidade'],
  projects_id: ['parent', 'parent_id', 'parent_project'],
  percent_done: ['progress', 'progresso', 'percent', 'completion'],
  requester_id: ['requester', 'requestor', 'requerente', 'solicitante', 'caller', 'reporter'],
  assignee_id: ['assignee', 'assigned_to', 'technician', 'tecnico', 'responsavel', 'owner'],
  assignee_group_id: ['assigned_group', 'group', 'team', 'grupo', 'equipe'],
  itilcategories_id: ['category', 'categoria', 'itilcategory', 'category_id'],
  locations_id: ['location', 'local', 'localizacao', 'location_id'],
  time_to_resolve: ['due_date', 'deadline', 'prazo', 'sla'],
  date: ['opened', 'open_date', 'opening_date', 'data'],
  query: ['search', 'text', 'q', 'keyword', 'keywords', 'busca'],
  limit: ['page_size', 'per_page', 'max', 'top', 'count'],
  profiles_id: ['profile', 'role', 'perfil'],
  email: ['mail', 'e_mail'],
  is_active: ['active', 'enabled', 'ativo'],
};
