import { SearchCallDto } from '../../input/dto/search-args.dto.js';
import { BoolField, ChoiceField, ChoicesField, DateField, RefField, TextField } from '../../input/fields.js';
import { USER_FIELD_NAMES } from '../user.fields.js';

export const USER_SORTS = ['name', '-name', 'date_mod', '-date_mod', 'id', '-id'] as const;

export class SearchUsersDto extends SearchCallDto {
  @TextField({ maxLength: 255, description: 'Login.', aliases: ['title', 'titulo', 'nome', 'subject', 'assunto'] })
  name?: string;

  @TextField({ maxLength: 255, description: '', aliases: ['mail', 'e_mail'] })
  email?: string;

  @BoolField({ description: 'Default: active only.', aliases: ['active', 'enabled', 'ativo'] })
  is_active?: boolean;

  @RefField('profile', { description: '', aliases: ['profile', 'role', 'perfil'] })
  profiles_id?: number;

  @RefField('entity', { description: '', aliases: ['entity', 'entidade'] })
  entities_id?: number;

  @RefField('group', { description: '', aliases: ['group', 'team', 'grupo', 'equipe'] })
  groups_id?: number;

  @DateField({ description: '' })
  date_mod_from?: Date;

  @DateField({ description: '' })
  date_mod_to?: Date;

  @ChoiceField(USER_SORTS, { description: '"-": descending.' })
  sort?: (typeof USER_SORTS)[number];

  @ChoicesField(USER_FIELD_NAMES, { description: '' })
  fields?: string[];
}
