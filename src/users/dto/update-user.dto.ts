import type { Issue } from '../../envelope/issue.js';
import { RefField } from '../../input/fields.js';
import { FieldsOfOtherTools } from '../../input/fields-of-other-tools.js';
import { UserFieldsDto } from './user-fields.dto.js';

// A group to leave was suggested as groups_id, which joins one: the opposite. Deactivating is its own tool.
@FieldsOfOtherTools(
  {
    fields: ['remove_group', 'remove_groups', 'remove_groups_id', 'remove_from_group', 'leave_group', 'leave_groups', 'remover_grupo', 'sair_do_grupo'],
    sentence: 'groups_id only joins a group: no tool takes a user out of one (an administrator does it in the desk).',
  },
  {
    fields: ['deactivate', 'disable', 'block', 'desativar', 'bloquear'],
    sentence: 'user_deactivate {id} deactivates (it may need approval); is_active true reactivates.',
  },
  { fields: ['reactivate', 'unblock', 'reativar', 'desbloquear'], sentence: 'send is_active true (it reactivates the user).' },
)
export class UpdateUserDto extends UserFieldsDto {
  @RefField('user', { required: true, target: true, description: 'Id, login, email or "Firstname Lastname".' })
  id!: number;

  /** Its login and email are checked against the other users' (StoredChecked). */
  static readonly checksStoredRecord = true;

  /**
   * Deactivating is user_deactivate's alone: a destructive write, held for a person's approval or a
   * verified session as the deployment says. Through this tool, an ordinary update, it would skip both.
   */
  static override crossCheck(value: UserFieldsDto): Issue[] {
    const issues = super.crossCheck(value);
    if (value.is_active === false) {
      issues.push({
        field: 'is_active',
        code: 'INVALID_VALUE',
        received: false,
        message: 'user_update does not deactivate: call user_deactivate with this id (deactivating may need approval). is_active=true reactivates.',
        expected: 'true (to reactivate), or leave it out',
      });
    }
    return issues;
  }
}
