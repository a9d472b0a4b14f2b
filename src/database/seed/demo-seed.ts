import { DataSource, DeepPartial, EntityManager } from 'typeorm';
import { parseDate } from '../../dates/dates.js';
import { matchKey } from '../../text/normalize.js';
import {
  ACTOR_TYPE,
  GlpiEntity,
  Group,
  GroupTicket,
  GroupUser,
  ItilCategory,
  ItilFollowup,
  ItilSolution,
  Location,
  Profile,
  ProfileRights,
  ProfileUser,
  Project,
  ProjectState,
  ProjectTask,
  ProjectTaskTeam,
  ProjectTaskTicket,
  RightAction,
  SolutionType,
  Ticket,
  TICKET_LINK,
  TicketLink,
  TicketTask,
  TicketUser,
  TicketValidation,
  User,
} from '../entities/index.js';
import { userKeys } from '../user-keys.js';
import { DEMO_PASSWORD_HASHES } from './demo-passwords.js';

/** Creation/modification stamp of the reference rows. */
const SEEDED_AT = new Date('2025-12-01T12:00:00.000Z');
const at = (iso: string): Date => new Date(iso);
/** The zone of every demo user. */
export const DEMO_ZONE = 'America/Sao_Paulo';
/** A day-only date of the demo: that day's midnight in the demo's zone, as a tool stores a bare date sent by a demo user. */
const day = (date: string): Date => {
  const parsed = parseDate(date, DEMO_ZONE);
  if (!parsed.ok) throw new Error(`demo date ${date}: ${parsed.reason}`);
  return parsed.value;
};
const stamp = (created: Date = SEEDED_AT, modified: Date = created) => ({ date_creation: created, date_mod: modified });

const ALL: RightAction[] = ['read', 'create', 'update', 'delete'];

/** True when no user exists yet (the demo data is only loaded into such a database). */
export async function isDatabaseEmpty(ds: DataSource | EntityManager): Promise<boolean> {
  return (await ds.getRepository(User).count()) === 0;
}

/**
 * Loads the demo data set in one transaction, unless the database already has users (checked in
 * that transaction, so two replicas starting together seed once). True when it loaded the data.
 */
export async function seedDemoData(dataSource: DataSource): Promise<boolean> {
  return dataSource.transaction(async (m) => {
    if (!(await isDatabaseEmpty(m))) return false;
    await insertDemoData(m);
    return true;
  });
}

async function add<T extends object>(m: EntityManager, target: new () => T, data: DeepPartial<T>): Promise<T> {
  return m.save(target, m.create(target, data));
}

interface TreeRow {
  id: number;
  completename: string;
  level: number;
}

/** Name, key and path columns of a tree node placed under `parent`. */
function treeNode(name: string, parent?: TreeRow) {
  const completename = parent ? `${parent.completename} > ${name}` : name;
  return {
    name,
    name_key: matchKey(name),
    completename,
    completename_key: matchKey(completename),
    level: parent ? parent.level + 1 : 1,
  };
}

async function insertDemoData(m: EntityManager): Promise<void> {
  // Entities
  const entity = (name: string, parent?: GlpiEntity) => add(m, GlpiEntity, { ...treeNode(name, parent), entities_id: parent?.id ?? null, ...stamp() });
  const root = await entity('Root entity');
  const sede = await entity('Sede', root);
  const porto = await entity('Filial Porto', root);

  // Profiles
  const profile = (name: string, iface: 'central' | 'helpdesk', rights: ProfileRights) =>
    add(m, Profile, { name, name_key: matchKey(name), interface: iface, rights: JSON.stringify(rights), ...stamp() });
  const superAdmin = await profile('Super-Admin', 'central', {
    project: ALL,
    ticket: ALL,
    user: ALL,
    ticket_scope: 'all',
    admin: true,
  });
  await profile('Admin', 'central', { project: ALL, ticket: ALL, user: ALL, ticket_scope: 'all', admin: true });
  const technician = await profile('Technician', 'central', {
    project: ['read', 'create', 'update'],
    ticket: ['read', 'create', 'update'],
    user: ['read'],
    ticket_scope: 'all',
  });
  const selfService = await profile('Self-Service', 'helpdesk', {
    project: [],
    ticket: ['read', 'create'],
    user: [],
    ticket_scope: 'own',
  });

  // Users, each with one profile assignment that is also their default
  const user = async (login: string, firstname: string, realname: string, language: string, prof: Profile, ent: GlpiEntity, is_recursive: boolean) => {
    const email = `${login}@example.com`;
    const u = await add(m, User, {
      name: login,
      firstname,
      realname,
      email,
      ...userKeys({ name: login, firstname, realname, email }),
      timezone: DEMO_ZONE,
      language,
      is_active: true,
      entities_id: ent.id,
      profiles_id: prof.id,
      is_deleted: false,
      ...stamp(),
    });
    await add(m, ProfileUser, { users_id: u.id, profiles_id: prof.id, entities_id: ent.id, is_recursive, ...stamp() });
    return u;
  };
  const glpi = await user('glpi', 'GLPI', 'Administrator', 'en_GB', superAdmin, root, true);
  const tech = await user('tech', 'Tech', 'Support', 'en_GB', technician, root, true);
  const normal = await user('normal', 'Normal', 'User', 'en_GB', technician, sede, false);
  const postOnly = await user('post-only', 'Post', 'Only', 'en_GB', selfService, root, true);
  const maria = await user('maria.silva', 'Maria', 'Silva', 'pt_BR', technician, sede, true);
  const joao = await user('joao.souza', 'João', 'Souza', 'pt_BR', selfService, porto, true);
  for (const [login, password] of Object.entries(DEMO_PASSWORD_HASHES)) await m.update(User, { name: login }, { password });

  // Project states (ids 1, 2, 3 on an empty database)
  const state = (name: string, color: string, is_finished = false) => add(m, ProjectState, { name, name_key: matchKey(name), color, is_finished, ...stamp() });
  const fresh = await state('New', '#06ff00');
  const processing = await state('Processing', '#ffb800');
  const closed = await state('Closed', '#ff0000', true);

  // Groups
  const group = (name: string) => add(m, Group, { name, name_key: matchKey(name), entities_id: root.id, is_recursive: true, ...stamp() });
  const serviceDesk = await group('Service Desk');
  const infra = await group('Infraestrutura');
  for (const [g, u] of [
    [serviceDesk, tech],
    [serviceDesk, maria],
    [infra, tech],
  ] as const) {
    await add(m, GroupUser, { groups_id: g.id, users_id: u.id, ...stamp() });
  }

  // ITIL categories
  const category = (name: string) =>
    add(m, ItilCategory, {
      ...treeNode(name),
      itilcategories_id: null,
      entities_id: root.id,
      is_recursive: true,
      ...stamp(),
    });
  const hardware = await category('Hardware');
  const software = await category('Software');
  const rede = await category('Rede');

  // Locations
  const location = (name: string, ent: GlpiEntity, is_recursive: boolean, parent?: Location) =>
    add(m, Location, {
      ...treeNode(name, parent),
      locations_id: parent?.id ?? null,
      entities_id: ent.id,
      is_recursive,
      ...stamp(),
    });
  const sedeLocation = await location('Sede', root, true);
  const andar2 = await location('Andar 2', root, true, sedeLocation);
  await location('Porto', porto, false);

  // Projects
  const project = (data: DeepPartial<Project> & { name: string }) =>
    add(m, Project, { name_key: matchKey(data.name), is_deleted: false, ...(data as Record<string, unknown>) });
  const erpProject = await project({
    name: 'Migração ERP',
    code: 'ERP-26',
    entities_id: sede.id,
    projectstates_id: processing.id,
    priority: 4,
    users_id: maria.id,
    groups_id: infra.id,
    percent_done: 40,
    content: 'Migração do ERP legado para a nova plataforma, incluindo dados fiscais e integrações.',
    plan_start_date: day('2026-06-01'),
    plan_end_date: day('2026-12-15'),
    real_start_date: day('2026-06-08'),
    ...stamp(at('2026-05-04T13:00:00Z'), at('2026-11-16T18:30:00Z')),
  });
  await project({
    name: 'Renovação do parque de impressoras',
    entities_id: porto.id,
    projectstates_id: fresh.id,
    priority: 3,
    users_id: tech.id,
    percent_done: 0,
    content: 'Substituição das impressoras da Filial Porto por multifuncionais em contrato de locação.',
    plan_start_date: day('2027-01-11'),
    plan_end_date: day('2027-03-31'),
    ...stamp(at('2026-10-20T14:00:00Z')),
  });
  await project({
    name: 'Portal do cliente',
    entities_id: root.id,
    projectstates_id: closed.id,
    priority: 3,
    users_id: glpi.id,
    percent_done: 100,
    content: 'Portal web para clientes acompanharem pedidos e chamados.',
    plan_start_date: day('2026-01-05'),
    plan_end_date: day('2026-05-29'),
    real_start_date: day('2026-01-12'),
    real_end_date: day('2026-06-12'),
    ...stamp(at('2025-12-15T10:00:00Z'), at('2026-06-12T17:00:00Z')),
  });

  // Tickets with their actors
  const ticket = async (data: Partial<Ticket> & { date: Date }, requester: User, assignee?: User, assignedGroup?: Group) => {
    const t = await add(m, Ticket, {
      users_id_recipient: requester.id,
      users_id_lastupdater: (assignee ?? requester).id,
      is_deleted: false,
      ...stamp(data.date, data.solvedate ?? data.date),
      ...data,
      name_key: matchKey(String(data.name)),
    });
    await add(m, TicketUser, { tickets_id: t.id, users_id: requester.id, type: ACTOR_TYPE.requester });
    if (assignee) await add(m, TicketUser, { tickets_id: t.id, users_id: assignee.id, type: ACTOR_TYPE.assigned });
    if (assignedGroup) {
      await add(m, GroupTicket, { tickets_id: t.id, groups_id: assignedGroup.id, type: ACTOR_TYPE.assigned });
    }
    return t;
  };
  const printer = await ticket(
    {
      name: 'Impressora do 2º andar não imprime',
      type: 1,
      status: 1,
      urgency: 4,
      impact: 3,
      priority: 4,
      content: 'A impressora do segundo andar mostra "papel atolado", mas não há papel preso.',
      itilcategories_id: hardware.id,
      locations_id: andar2.id,
      entities_id: sede.id,
      date: at('2026-11-24T12:10:00Z'),
      time_to_resolve: at('2026-11-26T12:10:00Z'),
    },
    normal,
  );
  const vpn = await ticket(
    {
      name: 'Acesso à VPN para novo colaborador',
      type: 2,
      status: 2,
      urgency: 3,
      impact: 2,
      priority: 2,
      content: 'Liberar acesso à VPN para o colaborador que começa na segunda-feira.',
      itilcategories_id: rede.id,
      entities_id: porto.id,
      date: at('2026-11-20T14:30:00Z'),
    },
    joao,
    tech,
    infra,
  );
  const erp = await ticket(
    {
      name: 'Erro ao abrir o ERP',
      type: 1,
      status: 4,
      urgency: 5,
      impact: 4,
      priority: 5,
      content: 'Ao abrir o ERP aparece "falha de conexão com o servidor de licenças".',
      itilcategories_id: software.id,
      entities_id: sede.id,
      date: at('2026-11-18T11:45:00Z'),
      time_to_resolve: at('2026-11-19T11:45:00Z'),
    },
    maria,
    tech,
  );
  const monitor = await ticket(
    {
      name: 'Troca de monitor',
      type: 2,
      status: 5,
      urgency: 2,
      impact: 2,
      priority: 2,
      content: 'O monitor atual pisca constantemente; solicito a troca.',
      itilcategories_id: hardware.id,
      entities_id: root.id,
      date: at('2026-11-03T13:00:00Z'),
      solvedate: at('2026-11-05T16:20:00Z'),
    },
    postOnly,
    tech,
    serviceDesk,
  );

  // An observer (GLPI actor type 3) follows the ERP ticket without requesting or working on it.
  await add(m, TicketUser, { tickets_id: erp.id, users_id: joao.id, type: ACTOR_TYPE.observer });

  const followupDate = at('2026-11-18T15:05:00Z');
  await add(m, ItilFollowup, {
    itemtype: 'Ticket',
    items_id: erp.id,
    users_id: tech.id,
    is_private: false,
    date: followupDate,
    content: 'O servidor de licenças foi reiniciado. Aguardando retorno do fornecedor para renovar a licença.',
    ...stamp(followupDate),
  });
  await m.update(Ticket, { id: erp.id }, { users_id_lastupdater: tech.id, date_mod: followupDate });

  // The timeline beyond followups: tasks with time spent, a solution waiting for the requester, a
  // validation waiting for its approver.
  const solutionType = async (name: string) => add(m, SolutionType, { name, name_key: matchKey(name), entities_id: root.id, is_recursive: true, ...stamp() });
  await solutionType('Solução remota');
  const replaced = await solutionType('Substituição de equipamento');
  const task = async (data: { tickets_id: number; content: string; state: number; actiontime: number; date: Date }) =>
    add(m, TicketTask, { users_id: tech.id, users_id_tech: tech.id, is_private: false, ...stamp(data.date), ...data });
  await task({
    tickets_id: erp.id,
    content: 'Abrir chamado no fornecedor para renovar a licença do ERP.',
    state: 1,
    actiontime: 1800,
    date: at('2026-11-18T15:10:00Z'),
  });
  await task({ tickets_id: monitor.id, content: 'Monitor substituído por um novo de 24".', state: 2, actiontime: 2700, date: at('2026-11-05T16:00:00Z') });
  await add(m, ItilSolution, {
    itemtype: 'Ticket',
    items_id: monitor.id,
    solutiontypes_id: replaced.id,
    content: 'Monitor trocado; favor confirmar que a imagem está estável.',
    users_id: tech.id,
    status: 2,
    ...stamp(at('2026-11-05T16:20:00Z')),
  });
  await add(m, TicketValidation, {
    entities_id: porto.id,
    tickets_id: vpn.id,
    users_id: tech.id,
    itemtype_target: 'User',
    items_id_target: glpi.id,
    comment_submission: 'Aprovar o acesso à VPN do novo colaborador?',
    status: 2,
    submission_date: at('2026-11-20T15:00:00Z'),
  });
  await m.update(Ticket, { id: vpn.id }, { global_validation: 2 });
  // Two problems of the same floor of Sede, looked at together.
  await add(m, TicketLink, { tickets_id_1: printer.id, tickets_id_2: erp.id, link: TICKET_LINK.related });
  // A task of the ERP migration, worked by a technician and a group, that the ERP ticket waits on.
  const dataTask = await add(m, ProjectTask, {
    projects_id: erpProject.id,
    name: 'Migrar dados fiscais',
    name_key: matchKey('Migrar dados fiscais'),
    entities_id: sede.id,
    projectstates_id: processing.id,
    percent_done: 30,
    users_id: maria.id,
    plan_start_date: day('2026-09-01'),
    plan_end_date: day('2026-11-30'),
    ...stamp(at('2026-08-20T12:00:00Z')),
  });
  await add(m, ProjectTaskTeam, { projecttasks_id: dataTask.id, itemtype: 'User', items_id: tech.id });
  await add(m, ProjectTaskTeam, { projecttasks_id: dataTask.id, itemtype: 'Group', items_id: infra.id });
  await add(m, ProjectTaskTicket, { projecttasks_id: dataTask.id, tickets_id: erp.id });
}
