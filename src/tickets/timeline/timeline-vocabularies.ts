import { Vocabulary } from '../../input/vocab/vocabulary.js';

/** A task's state (GLPI's Planning::INFO, TODO, DONE). */
export const TASK_STATE = new Vocabulary('state', [
  { code: 0, en: 'Information', pt: 'Informação', synonyms: { en: ['info', 'note'], pt: ['informativo', 'nota'] } },
  { code: 1, en: 'To do', pt: 'A fazer', synonyms: { en: ['todo', 'planned', 'open'], pt: ['para fazer', 'planejada', 'aberta'] } },
  {
    code: 2,
    en: 'Done',
    pt: 'Feito',
    synonyms: { en: ['finished', 'completed', 'complete'], pt: ['feita', 'concluído', 'concluída', 'realizado', 'realizada', 'finalizado', 'finalizada'] },
  },
]);
export const TASK_TODO = 1;

/**
 * GLPI's approval statuses (CommonITILValidation), shared by validations, a ticket's global
 * validation and solutions.
 */
export const APPROVAL_STATUS = new Vocabulary('status', [
  { code: 1, en: 'Not subject to approval', pt: 'Não sujeito a aprovação', synonyms: { en: ['none'], pt: ['nenhuma'] } },
  { code: 2, en: 'Waiting for approval', pt: 'Aguardando aprovação', synonyms: { en: ['waiting', 'pending'], pt: ['aguardando', 'pendente'] } },
  {
    code: 3,
    en: 'Granted',
    pt: 'Concedida',
    synonyms: { en: ['accepted', 'approved', 'accept', 'approve', 'yes'], pt: ['aceita', 'aceito', 'aprovada', 'aprovado', 'aprovar', 'aceitar', 'sim'] },
  },
  {
    code: 4,
    en: 'Refused',
    pt: 'Recusada',
    synonyms: { en: ['rejected', 'denied', 'refuse', 'reject', 'no'], pt: ['recusado', 'rejeitada', 'rejeitado', 'negada', 'negado', 'recusar', 'não'] },
  },
]);
export const APPROVAL = { none: 1, waiting: 2, accepted: 3, refused: 4 } as const;

/** An answer to a validation: accepted or refused (APPROVAL_STATUS's two answers). */
export const VALIDATION_ANSWER = new Vocabulary(
  'answer',
  APPROVAL_STATUS.entries.filter((e) => e.code === APPROVAL.accepted || e.code === APPROVAL.refused),
);

/** How two tickets relate, from the first one's side (stored as GLPI's link types, ticket-link.entity.ts). */
export const LINK_RELATION = new Vocabulary('relation', [
  { code: 1, en: 'Related', pt: 'Relacionado', synonyms: { en: ['linked', 'linked to', 'related to'], pt: ['ligado a', 'vinculado', 'relacionado a'] } },
  { code: 2, en: 'Duplicate', pt: 'Duplicado', synonyms: { en: ['duplicates', 'duplicate of', 'same as'], pt: ['duplicada', 'duplicado de', 'duplicata'] } },
  { code: 3, en: 'Child', pt: 'Filho', synonyms: { en: ['child of', 'son of', 'subticket'], pt: ['filho de', 'filha', 'filha de', 'subchamado'] } },
  { code: 4, en: 'Parent', pt: 'Pai', synonyms: { en: ['parent of', 'father of', 'master'], pt: ['pai de', 'chamado pai', 'principal'] } },
]);
