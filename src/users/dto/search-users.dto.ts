import { domainField } from '../../common/dto/call-args.dto.js';
import { SearchCallDto } from '../../common/dto/search-args.dto.js';
import { BoolField, ChoiceField, ChoicesField, DateField, RefField, TextField } from '../../common/input/fields.js';
import { USER_FIELD_NAMES } from '../user.fields.js';

export const USER_SORTS = ['name', '-name', 'date_mod', '-date_mod', 'id', '-id'] as const;

export class SearchUsersDto extends SearchCallDto {
  @domainField('user')
  domain!: 'user';

  @TextField({ maxLength: 255, description: 'Exact login (case ignored).' })
  name?: string;

  @TextField({ maxLength: 255, description: 'Exact email address (case ignored).' })
  email?: string;

  @BoolField({ description: 'true: active users, false: deactivated ones (default: active only).' })
  is_active?: boolean;

  @RefField('profile', { description: 'Users with this profile in any of their assignments.' })
  profiles_id?: number;

  @RefField('entity', { description: 'Users with an assignment on this entity (with profiles_id: the same assignment).' })
  entities_id?: number;

  @RefField('group', { description: 'Members of this group.' })
  groups_id?: number;

  @DateField({ description: 'Last modified on or after.' })
  date_mod_from?: Date;

  @DateField({ description: 'Last modified on or before.' })
  date_mod_to?: Date;

  @ChoiceField(USER_SORTS, { description: 'Sort field; "-" for descending (default name).' })
  sort?: (typeof USER_SORTS)[number];

  @ChoicesField(USER_FIELD_NAMES, { description: 'Only these fields in each item (id is always included).' })
  fields?: string[];
}
