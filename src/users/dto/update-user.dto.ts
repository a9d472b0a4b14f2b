import type { Issue } from '../../envelope/issue.js';
import { RefField } from '../../input/fields.js';
import { UserFieldsDto } from './user-fields.dto.js';

export class UpdateUserDto extends UserFieldsDto {
  @RefField('user', { required: true, target: true, description: 'Id, login, email or "Firstname Lastname".' })
  id!: number;

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
