import { SearchCallDto } from '../../input/dto/search-args.dto.js';
import { BoolField, ChoiceField, ChoicesField, DateField, RefField, TextField } from '../../input/fields.js';
import { FieldsOfOtherTools } from '../../input/fields-of-other-tools.js';
import { ACTIVE_WORDS } from '../../input/vocab/boolean-words.js';
import { USER_STANDING_FLAGS } from '../profile-flags.js';
import { USER_FIELD_NAMES } from '../user.fields.js';

export const USER_SORTS = ['name', '-name', 'date_mod', '-date_mod', 'id', '-id'] as const;

// Users are deactivated, never deleted: a flag for deleted ones means the inactive.
@FieldsOfOtherTools(...USER_STANDING_FLAGS, {
  fields: ['deleted', 'is_deleted', 'include_deleted', 'with_deleted', 'show_deleted', 'trashed', 'in_trash', 'excluidos', 'apagados', 'lixeira'],
  sentence: 'a user is deactivated, never deleted: send is_active false for the deactivated ones.',
})
export class SearchUsersDto extends SearchCallDto {
  @TextField({ maxLength: 255, description: 'Login.' })
  name?: string;

  @TextField({ maxLength: 255, description: '' })
  email?: string;

  @BoolField({ description: 'Default: active only.', flagWords: ACTIVE_WORDS })
  is_active?: boolean;

  @RefField('profile', { description: '', not: true })
  profiles_id?: number;

  @RefField('entity', { description: '', not: true })
  entities_id?: number;

  @RefField('group', { description: '', not: true })
  groups_id?: number;

  @DateField({ description: '', bound: 'start' })
  date_mod_from?: Date;

  @DateField({ description: '', bound: 'end' })
  date_mod_to?: Date;

  @ChoiceField(USER_SORTS, { description: '"-": descending.' })
  sort?: (typeof USER_SORTS)[number];

  @ChoicesField(USER_FIELD_NAMES, { description: '' })
  fields?: string[];
}
