/** The approval page's words, in English and Brazilian Portuguese (chosen by Accept-Language). */
export type PageLanguage = 'en' | 'pt-BR';

export interface PageTexts {
  lang: PageLanguage;
  title: string;
  intro: string;
  who: string;
  client: string;
  session: string;
  tool: string;
  record: string;
  expires: string;
  change: string;
  field: string;
  before: string;
  value: string;
  approve: string;
  reject: string;
  signInNeeded: string;
  sendLink: string;
  signInWithPassword: string;
  linkSent: string;
  continueNote: string;
  continueSignIn: string;
  linkUsed: string;
  notYours: string;
  notFound: string;
  decided: Record<'approved' | 'rejected' | 'consumed' | 'cancelled' | 'expired', string>;
  youApproved: string;
  youRejected: string;
  tooLate: string;
  csrf: string;
  signedInAs: string;
  nothingShown: string;
  toolNames: Record<string, string>;
}

const EN: PageTexts = {
  lang: 'en',
  title: 'Approve a change',
  intro: 'An assistant asks to make this change on your behalf. Nothing is written unless you approve it.',
  who: 'Requested for',
  client: 'Client (the name it gives itself)',
  session: 'Session',
  tool: 'Action',
  record: 'Record',
  expires: 'Decide before',
  change: 'The change',
  field: 'Field',
  before: 'Now',
  value: 'New value',
  approve: 'Approve',
  reject: 'Reject',
  signInNeeded: 'Sign in as the user this change is for to see it and decide.',
  sendLink: 'Send me a sign-in link',
  signInWithPassword: 'Sign in with your password',
  linkSent: 'A one-time sign-in link was sent to you. Open it on this device.',
  continueNote: 'This link signs you in on this device, once, and takes you back to the change.',
  continueSignIn: 'Sign in and continue',
  linkUsed: 'This sign-in link was already used or has expired. Open the approval page again and ask for a new one.',
  notYours: 'This approval belongs to another user. Sign in as that user to decide it.',
  notFound: 'No such approval.',
  decided: {
    approved: 'Approved. The assistant can now make the change.',
    rejected: 'Rejected. Nothing will be written.',
    consumed: 'Approved and done: the change was written.',
    cancelled: 'Cancelled by an administrator. Nothing will be written.',
    expired: 'Expired. Nothing will be written; the assistant has to ask again.',
  },
  youApproved: 'You approved this change. You can close this page.',
  youRejected: 'You rejected this change. Nothing will be written.',
  tooLate: 'This approval was already decided or has expired.',
  csrf: 'This form is stale. Reload the page and decide again.',
  signedInAs: 'Signed in as',
  nothingShown: 'No field values (the action itself is the change).',
  toolNames: {
    project_create: 'Create a project',
    project_update: 'Change a project',
    project_delete: 'Delete a project',
    ticket_create: 'Open a ticket',
    ticket_update: 'Change a ticket',
    ticket_add_followup: 'Add a followup to a ticket',
    ticket_delete: 'Delete a ticket',
    user_create: 'Create a user',
    user_update: 'Change a user',
    user_deactivate: 'Deactivate a user',
  },
};

const PT: PageTexts = {
  lang: 'pt-BR',
  title: 'Aprovar uma alteração',
  intro: 'Um assistente pede para fazer esta alteração em seu nome. Nada é gravado sem a sua aprovação.',
  who: 'Pedido para',
  client: 'Cliente (o nome que ele se dá)',
  session: 'Sessão',
  tool: 'Ação',
  record: 'Registro',
  expires: 'Decida até',
  change: 'A alteração',
  field: 'Campo',
  before: 'Atual',
  value: 'Novo valor',
  approve: 'Aprovar',
  reject: 'Rejeitar',
  signInNeeded: 'Entre como o usuário desta alteração para vê-la e decidir.',
  sendLink: 'Enviar-me um link de acesso',
  signInWithPassword: 'Entrar com sua senha',
  linkSent: 'Um link de acesso de uso único foi enviado a você. Abra-o neste dispositivo.',
  continueNote: 'Este link conecta você neste dispositivo, uma única vez, e leva de volta à alteração.',
  continueSignIn: 'Entrar e continuar',
  linkUsed: 'Este link de acesso já foi usado ou expirou. Abra de novo a página da aprovação e peça outro.',
  notYours: 'Esta aprovação pertence a outro usuário. Entre como esse usuário para decidir.',
  notFound: 'Aprovação inexistente.',
  decided: {
    approved: 'Aprovada. O assistente já pode fazer a alteração.',
    rejected: 'Rejeitada. Nada será gravado.',
    consumed: 'Aprovada e feita: a alteração foi gravada.',
    cancelled: 'Cancelada por um administrador. Nada será gravado.',
    expired: 'Expirada. Nada será gravado; o assistente precisa pedir de novo.',
  },
  youApproved: 'Você aprovou esta alteração. Pode fechar esta página.',
  youRejected: 'Você rejeitou esta alteração. Nada será gravado.',
  tooLate: 'Esta aprovação já foi decidida ou expirou.',
  csrf: 'Este formulário está desatualizado. Recarregue a página e decida de novo.',
  signedInAs: 'Conectado como',
  nothingShown: 'Sem valores de campos (a própria ação é a alteração).',
  toolNames: {
    project_create: 'Criar projeto',
    project_update: 'Alterar projeto',
    project_delete: 'Excluir projeto',
    ticket_create: 'Abrir chamado',
    ticket_update: 'Alterar chamado',
    ticket_add_followup: 'Acompanhamento de chamado',
    ticket_delete: 'Excluir chamado',
    user_create: 'Criar usuário',
    user_update: 'Alterar usuário',
    user_deactivate: 'Desativar usuário',
  },
};

/** Field labels as GLPI shows them. A field not listed shows its name. */
const FIELD_LABELS: Record<string, { en: string; pt: string }> = {
  name: { en: 'Name / title', pt: 'Nome / título' },
  code: { en: 'Code', pt: 'Código' },
  content: { en: 'Description', pt: 'Descrição' },
  comment: { en: 'Comments', pt: 'Comentários' },
  projectstates_id: { en: 'State', pt: 'Estado' },
  priority: { en: 'Priority', pt: 'Prioridade' },
  urgency: { en: 'Urgency', pt: 'Urgência' },
  impact: { en: 'Impact', pt: 'Impacto' },
  type: { en: 'Type', pt: 'Tipo' },
  status: { en: 'Status', pt: 'Status' },
  users_id: { en: 'Manager', pt: 'Gerente' },
  groups_id: { en: 'Group', pt: 'Grupo' },
  entities_id: { en: 'Entity', pt: 'Entidade' },
  projects_id: { en: 'Parent project', pt: 'Projeto pai' },
  plan_start_date: { en: 'Planned start', pt: 'Início planejado' },
  plan_end_date: { en: 'Planned end', pt: 'Fim planejado' },
  real_start_date: { en: 'Real start', pt: 'Início real' },
  real_end_date: { en: 'Real end', pt: 'Fim real' },
  percent_done: { en: 'Done (%)', pt: 'Concluído (%)' },
  itilcategories_id: { en: 'Category', pt: 'Categoria' },
  locations_id: { en: 'Location', pt: 'Localização' },
  requester_id: { en: 'Requester', pt: 'Requerente' },
  assignee_id: { en: 'Technician', pt: 'Técnico' },
  assignee_group_id: { en: 'Technician group', pt: 'Grupo técnico' },
  date: { en: 'Opening date', pt: 'Data de abertura' },
  time_to_resolve: { en: 'Time to resolve', pt: 'Tempo para solução' },
  realname: { en: 'Surname', pt: 'Sobrenome' },
  firstname: { en: 'First name', pt: 'Nome' },
  email: { en: 'Email', pt: 'E-mail' },
  phone: { en: 'Phone', pt: 'Telefone' },
  profiles_id: { en: 'Profile', pt: 'Perfil' },
  timezone: { en: 'Time zone', pt: 'Fuso horário' },
  language: { en: 'Language', pt: 'Idioma' },
  is_active: { en: 'Active', pt: 'Ativo' },
  is_deleted: { en: 'In the trash', pt: 'Na lixeira' },
  is_private: { en: 'Private', pt: 'Privado' },
};

export function fieldLabel(field: string, lang: PageLanguage): string {
  const label = FIELD_LABELS[field];
  return label ? (lang === 'en' ? label.en : label.pt) : field;
}

/** pt-BR when the browser prefers Portuguese over English; English otherwise. */
export function pageLanguage(acceptLanguage: string | undefined): PageLanguage {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^q=([\d.]+)$/.exec(p.trim())?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q), index };
    })
    .filter((l) => l.tag && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const first = ranked.find((l) => l.tag.startsWith('pt') || l.tag.startsWith('en'));
  return first?.tag.startsWith('pt') ? 'pt-BR' : 'en';
}

export function textsFor(lang: PageLanguage): PageTexts {
  return lang === 'pt-BR' ? PT : EN;
}
