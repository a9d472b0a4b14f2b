import { Vocabulary } from './vocabulary.js';

const scale = [
  { code: 1, en: 'Very low', pt: 'Muito baixa', aliases: ['very-low', 'muito baixo'] },
  { code: 2, en: 'Low', pt: 'Baixa', aliases: ['baixo'] },
  { code: 3, en: 'Medium', pt: 'Média', aliases: ['normal', 'medio', 'média'] },
  { code: 4, en: 'High', pt: 'Alta', aliases: ['alto'] },
  { code: 5, en: 'Very high', pt: 'Muito alta', aliases: ['very-high', 'muito alto'] },
];

export const URGENCY = new Vocabulary('urgency', scale);
export const IMPACT = new Vocabulary('impact', scale);
export const PRIORITY = new Vocabulary('priority', [...scale, { code: 6, en: 'Major', pt: 'Crítica', aliases: ['critical', 'critico', 'maior'] }]);

export const TICKET_TYPE = new Vocabulary('type', [
  { code: 1, en: 'Incident', pt: 'Incidente' },
  { code: 2, en: 'Request', pt: 'Requisição', aliases: ['solicitação', 'service request', 'pedido'] },
]);

export const TICKET_STATUS = new Vocabulary('status', [
  { code: 1, en: 'New', pt: 'Novo', aliases: ['incoming', 'nova', 'open', 'aberto'] },
  {
    code: 2,
    en: 'Processing (assigned)',
    pt: 'Em atendimento (atribuído)',
    aliases: ['assigned', 'atribuído', 'processing', 'in progress', 'em atendimento', 'em andamento'],
  },
  {
    code: 3,
    en: 'Processing (planned)',
    pt: 'Em atendimento (planejado)',
    aliases: ['planned', 'planejado'],
  },
  { code: 4, en: 'Pending', pt: 'Pendente', aliases: ['waiting', 'on hold', 'aguardando'] },
  { code: 5, en: 'Solved', pt: 'Solucionado', aliases: ['resolved', 'resolvido'] },
  { code: 6, en: 'Closed', pt: 'Fechado', aliases: ['encerrado'] },
]);

/** Ticket statuses that count as finished (solve/close dates are stamped when entered). */
export const SOLVED_STATUS = 5;
export const CLOSED_STATUS = 6;
