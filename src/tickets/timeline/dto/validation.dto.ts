import type { Issue } from '../../../envelope/issue.js';
import { WriteCallDto } from '../../../input/dto/call-args.dto.js';
import { EnumField, IntField, RefField, TextField } from '../../../input/fields.js';
import { FieldsOfOtherTools } from '../../../input/fields-of-other-tools.js';
import { APPROVAL, VALIDATION_ANSWER } from '../timeline-vocabularies.js';

/** What a flag for granting is told. */
const GRANTED = "the answer says it: send answer 'Granted' (or 'Refused', with a comment saying why).";

/**
 * ticket_validation: asks a user or a group to approve a ticket, or answers such a request. The
 * answer's fields are the approver's own words on a validation, not fields of the ticket: a profile
 * limited to some ticket fields (Self-Service) still answers what it was asked (`call`).
 */
// A flag for the approver's answer, as other trackers take one: the answer says it here.
@FieldsOfOtherTools(
  // `approve` is also spelled like approver_id: a name under it is suggested there.
  {
    fields: ['approve', 'approved'],
    sentence: GRANTED,
    whenFlag: true,
  },
  {
    fields: ['accept', 'accepted', 'grant', 'granted', 'aprovar', 'aprovado', 'aprovada', 'aceitar', 'aceito', 'aceita'],
    sentence: GRANTED,
  },
  {
    fields: [
      'reject',
      'rejected',
      'refuse',
      'refused',
      'deny',
      'denied',
      'decline',
      'declined',
      'recusar',
      'recusado',
      'rejeitar',
      'rejeitado',
      'negar',
      'negado',
    ],
    sentence: "the answer says it: send answer 'Refused' with a comment saying why (or 'Granted').",
  },
)
export class ValidationDto extends WriteCallDto {
  // An approver answers on a ticket it may not otherwise see: the tool finds it by the request.
  @RefField('ticket', { required: true, target: true, foundByTool: true, description: 'Id or title.' })
  id!: number;

  @RefField('user', { description: '' })
  approver_id?: number;

  @RefField('group', { description: 'Or a group.' })
  approver_group_id?: number;

  @EnumField(VALIDATION_ANSWER, { call: true, description: 'As the approver.' })
  answer?: number;

  @IntField({ min: 1, call: true, description: 'Id of the request; default: your only waiting one.' })
  validation?: number;

  @TextField({
    maxLength: 65000,
    call: true,
    description: '',
    aliases: ['message', 'mensagem', 'note', 'reason', 'motivo', 'justification', 'justificativa', 'comments', 'comentario'],
  })
  comment?: string;

  /** A request or an answer, never both (neither is the service's to say: a refused approver_id was sent). */
  static crossCheck(value: ValidationDto): Issue[] {
    const asking = value.approver_id !== undefined || value.approver_group_id !== undefined;
    const answering = value.answer !== undefined;
    if (asking && value.approver_id !== undefined && value.approver_group_id !== undefined) {
      return [
        {
          field: 'approver_group_id',
          code: 'INVALID_VALUE',
          received: value.approver_group_id,
          message: 'Ask a user or a group, not both (one request each).',
        },
      ];
    }
    if (asking && answering) {
      return [
        {
          field: 'answer',
          code: 'INVALID_VALUE',
          received: value.answer,
          message: 'A call asks for a validation (approver_id) or answers one (answer), not both.',
        },
      ];
    }
    if (answering && value.answer !== undefined && value.answer !== APPROVAL.accepted && !value.comment) {
      return [{ field: 'comment', code: 'REQUIRED', received: null, message: 'A refusal needs a comment saying why (GLPI requires it).' }];
    }
    return [];
  }
}
