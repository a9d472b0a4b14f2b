import { type FieldNames, type VocabEntry, type VocabGroup, Vocabulary } from './vocabulary.js';

/**
 * GLPI's enumerations with their English and Brazilian Portuguese labels (GLPI's own pt_BR wording
 * first), and the words people use for the same value in either language. A word belongs to one
 * value or to none: "done" (solved or closed?) and "problema" (another GLPI item) are left out.
 */
const VERY_LOW: VocabEntry = {
  code: 1,
  en: 'Very low',
  pt: 'Muito baixa',
  synonyms: { en: ['lowest', 'minimal', 'trivial'], pt: ['muito baixo', 'mínima', 'mínimo', 'baixíssima', 'baixíssimo'] },
};
const LOW: VocabEntry = { code: 2, en: 'Low', pt: 'Baixa', synonyms: { en: ['minor'], pt: ['baixo'] } };
const MEDIUM: VocabEntry = {
  code: 3,
  en: 'Medium',
  pt: 'Média',
  synonyms: { en: ['normal', 'moderate', 'average'], pt: ['médio', 'moderada', 'moderado'] },
};
const HIGH: VocabEntry = { code: 4, en: 'High', pt: 'Alta', synonyms: { en: ['important'], pt: ['alto', 'importante', 'elevada', 'elevado'] } };

/** Urgency and impact: "critical" and "urgent" are their top value. */
const SCALE: VocabEntry[] = [
  VERY_LOW,
  LOW,
  MEDIUM,
  HIGH,
  {
    code: 5,
    en: 'Very high',
    pt: 'Muito alta',
    synonyms: { en: ['highest', 'critical', 'urgent', 'severe'], pt: ['muito alto', 'urgente', 'crítica', 'crítico', 'altíssima', 'altíssimo', 'grave'] },
  },
];

/** The names of the three scales, in both languages: a level may be written with them ("high priority"). */
const SCALE_NAMES = { urgency: ['urgency', 'urgência'], impact: ['impact', 'impacto'], priority: ['priority', 'prioridade'] } as const;

/** A scale's own names, and those of the two others. */
function scaleNames(scale: keyof typeof SCALE_NAMES): FieldNames {
  const kin = (Object.keys(SCALE_NAMES) as Array<keyof typeof SCALE_NAMES>).filter((other) => other !== scale).flatMap((other) => SCALE_NAMES[other]);
  return { own: SCALE_NAMES[scale], kin };
}

export const URGENCY = new Vocabulary('urgency', SCALE, scaleNames('urgency'));
export const IMPACT = new Vocabulary('impact', SCALE, scaleNames('impact'));
/** Priority has a value above Very high (Major / Crítica): "critical" is that one here. */
export const PRIORITY = new Vocabulary(
  'priority',
  [
    VERY_LOW,
    LOW,
    MEDIUM,
    HIGH,
    { code: 5, en: 'Very high', pt: 'Muito alta', synonyms: { en: ['urgent'], pt: ['muito alto', 'urgente', 'altíssima', 'altíssimo'] } },
    // The top of this scale is Major, so "highest" names it, as "máxima" and "top" do (on urgency and impact, Very high).
    { code: 6, en: 'Major', pt: 'Crítica', synonyms: { en: ['critical', 'blocker', 'top', 'highest'], pt: ['crítico', 'maior', 'máxima', 'máximo'] } },
  ],
  scaleNames('priority'),
);

export const TICKET_TYPE = new Vocabulary('type', [
  { code: 1, en: 'Incident', pt: 'Incidente', synonyms: { en: ['failure', 'outage', 'breakdown', 'fault'], pt: ['falha', 'pane', 'defeito', 'avaria'] } },
  {
    code: 2,
    en: 'Request',
    pt: 'Requisição',
    synonyms: { en: ['service request', 'demand'], pt: ['solicitação', 'pedido', 'requerimento', 'requisição de serviço'] },
  },
]);

export const TICKET_STATUS = new Vocabulary(
  'status',
  [
    { code: 1, en: 'New', pt: 'Novo', synonyms: { en: ['incoming', 'open', 'opened', 'not started'], pt: ['nova', 'aberto', 'aberta', 'recebido'] } },
    {
      code: 2,
      en: 'Processing (assigned)',
      pt: 'Em atendimento (atribuído)',
      synonyms: {
        en: ['assigned', 'processing', 'in progress', 'ongoing', 'being worked on'],
        pt: ['atribuído', 'atribuída', 'em atendimento', 'em andamento', 'em progresso', 'em execução', 'em tratamento'],
      },
    },
    {
      code: 3,
      en: 'Processing (planned)',
      pt: 'Em atendimento (planejado)',
      synonyms: { en: ['planned', 'scheduled'], pt: ['planejado', 'planejada', 'agendado', 'agendada', 'programado'] },
    },
    {
      code: 4,
      en: 'Pending',
      pt: 'Pendente',
      synonyms: {
        en: ['waiting', 'on hold', 'hold', 'paused', 'suspended', 'awaiting', 'waiting for customer'],
        pt: ['em espera', 'aguardando', 'em pausa', 'pausado', 'suspenso', 'aguardando retorno', 'aguardando cliente'],
      },
    },
    {
      code: 5,
      en: 'Solved',
      pt: 'Solucionado',
      synonyms: { en: ['resolved', 'fixed'], pt: ['resolvido', 'resolvida', 'solucionada', 'concluído', 'concluída', 'corrigido'] },
    },
    {
      code: 6,
      en: 'Closed',
      pt: 'Fechado',
      synonyms: { en: ['archived'], pt: ['fechada', 'encerrado', 'encerrada', 'finalizado', 'finalizada', 'arquivado'] },
    },
  ],
  undefined,
  [
    {
      // GLPI reopens a ticket to Processing (assigned) when it has an assignee, else to New.
      words: ['reopen', 'reopened', 're-open', 'reabrir', 'reaberto', 'reaberta', 'reabertura'],
      text: 'To reopen a ticket, send the status it goes back to: 2 Processing (assigned) when someone is assigned to it, else 1 New.',
    },
    {
      words: ['done', 'finished', 'completed', 'complete', 'feito', 'terminado', 'terminada', 'pronto'],
      text: "'Done' may be 5 Solved (answered; the requester may still refuse the solution) or 6 Closed (final): send the one you mean.",
    },
  ],
);

/**
 * Every ticket status not yet solved (GLPI's "Not solved" search criterion), as a search takes an
 * "open" ticket. Setting a status takes one: "open" is then New (a synonym above).
 */
export const NOT_SOLVED: VocabGroup = {
  en: 'Not solved',
  pt: 'Não solucionado',
  codes: [1, 2, 3, 4],
  words: {
    en: ['open', 'opened', 'not resolved', 'active', 'outstanding'],
    pt: ['aberto', 'abertos', 'aberta', 'abertas', 'em aberto', 'não solucionados', 'não resolvido', 'não resolvidos', 'ativos'],
  },
  wordsSayingNot: ['unsolved', 'unresolved'],
};

/**
 * Both Processing statuses, as a search takes "em atendimento" or "in progress" said without
 * assigned or planned. Setting a status takes one: those words are then Processing (assigned).
 */
export const PROCESSING: VocabGroup = {
  en: 'Processing',
  pt: 'Em atendimento',
  codes: [2, 3],
  words: { en: ['in progress', 'ongoing', 'being worked on'], pt: ['em andamento', 'em progresso', 'em execução', 'em tratamento'] },
};

/**
 * GLPI's other status criteria in its ticket search, as a search takes them: solved or closed ("done":
 * GLPI's "Solved + Closed"), not closed, and every status. A word for one status stays that status's
 * ("concluído" is Solved, "encerrado" Closed); where a status is set, none of these words is one.
 */
export const SOLVED_OR_CLOSED: VocabGroup = {
  en: 'Solved or closed',
  pt: 'Solucionado ou fechado',
  codes: [5, 6],
  words: {
    en: ['done', 'finished', 'completed', 'complete', 'solved and closed', 'resolved or closed'],
    pt: ['solucionados ou fechados', 'solucionados e fechados', 'terminado', 'terminados', 'terminada', 'terminadas'],
  },
};
export const NOT_CLOSED: VocabGroup = {
  en: 'Not closed',
  pt: 'Não fechado',
  codes: [1, 2, 3, 4, 5],
  words: { en: ['not yet closed'], pt: ['não fechados', 'não fechada', 'não fechadas', 'não encerrado', 'não encerrados'] },
  wordsSayingNot: ['unclosed'],
};
export const ALL_STATUSES: VocabGroup = {
  en: 'All',
  pt: 'Todos',
  codes: [1, 2, 3, 4, 5, 6],
  words: { en: ['any', 'every', 'all statuses', 'any status'], pt: ['todas', 'qualquer', 'todos os status', 'qualquer status'] },
};

/** The words for several statuses a ticket search's status filter takes. */
export const TICKET_STATUS_GROUPS: readonly VocabGroup[] = [NOT_SOLVED, PROCESSING, SOLVED_OR_CLOSED, NOT_CLOSED, ALL_STATUSES];

/** Ticket statuses that count as finished (solve/close dates are stamped when entered). */
export const SOLVED_STATUS = 5;
export const CLOSED_STATUS = 6;
