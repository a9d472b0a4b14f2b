import { SET_PASSWORD_COMMAND } from '../../auth/token-howto.js';
import { isValidTimeZone, suggestTimeZone } from '../../dates/dates.js';
import { echo, quoted } from '../../envelope/echo.js';
import type { Issue } from '../../envelope/issue.js';
import { WriteCallDto } from '../../input/dto/call-args.dto.js';
import { BoolField, RefField, TextField } from '../../input/fields.js';
import { FieldsOfOtherTools } from '../../input/fields-of-other-tools.js';
import { blankNameIssue } from '../../input/issue-messages.js';
import { ACTIVE_WORDS } from '../../input/vocab/boolean-words.js';
import { readLanguage } from '../glpi-languages.js';
import { USER_STANDING_FLAGS } from '../profile-flags.js';

/** The login field; user_create redeclares it required, with the same rules. */
export const LOGIN_FIELD = {
  maxLength: 255,
  printable: true,
  description: 'Login, unique.',
} as const;

/** The writable user fields, shared by create and update. */
@FieldsOfOtherTools(
  ...USER_STANDING_FLAGS,
  {
    fields: ['password', 'passwd', 'pwd', 'senha', 'new_password', 'nova_senha', 'initial_password', 'senha_inicial'],
    sentence: `a password is never set through a tool, where it would stay in the conversation: the server's operator sets it with \`${SET_PASSWORD_COMMAND}\` (the user signs in with it on the OAuth pages).`,
  },
  {
    // GLPI keeps a user's department as a group membership (its own title and supervisor fields are not kept here).
    fields: ['department', 'departments', 'dept', 'departamento', 'setor', 'sector'],
    sentence: "a user's department is one of their groups here: send groups_id (the group's id or name).",
  },
  {
    fields: ['title', 'job_title', 'jobtitle', 'usertitles_id', 'cargo', 'funcao', 'supervisor', 'manager', 'users_id_supervisor', 'gestor', 'chefe'],
    sentence: 'this desk keeps no job title or manager of a user: leave it out.',
  },
)
export abstract class UserFieldsDto extends WriteCallDto {
  @TextField(LOGIN_FIELD)
  name?: string;

  @TextField({ maxLength: 255, printable: true, nullable: true, description: '' })
  realname?: string | null;

  @TextField({ maxLength: 255, printable: true, nullable: true, description: '' })
  firstname?: string | null;

  @TextField({ maxLength: 255, email: true, nullable: true, description: '' })
  email?: string | null;

  @TextField({ maxLength: 255, nullable: true, description: '' })
  phone?: string | null;

  @RefField('profile', { description: 'Default Self-Service.' })
  profiles_id?: number;

  @RefField('entity', { description: 'Default: yours.' })
  entities_id?: number;

  @RefField('group', { description: 'Group to join.' })
  groups_id?: number;

  /**
   * The user's own zone, not the zone of this call: user tools take no dates, so the call-level
   * `timezone` argument is replaced by this stored field. Null (clearing it) arrives at runtime
   * although the inherited type cannot say so.
   */
  @TextField({ maxLength: 64, nullable: true, description: 'IANA zone.' })
  override timezone?: string;

  // Long enough for a language's name ("Español (América Latina)"); what is stored is its code.
  @TextField({ maxLength: 64, nullable: true, description: "GLPI's code (pt_BR) or its name." })
  language?: string | null;

  @BoolField({ description: '', flagWords: ACTIVE_WORDS })
  is_active?: boolean;

  static crossCheck(value: UserFieldsDto): Issue[] {
    const issues: Issue[] = blankNameIssue(value.name, 'the login', 'a non-empty login');
    const zone: unknown = value.timezone;
    if (typeof zone === 'string' && !isValidTimeZone(zone)) {
      const suggestion = suggestTimeZone(zone);
      issues.push({
        field: 'timezone',
        code: 'INVALID_VALUE',
        received: echo(zone),
        message: `timezone '${quoted(zone)}' is not an IANA time zone.${suggestion ? ` Did you mean '${suggestion}'?` : ' Use e.g. America/Sao_Paulo, Europe/Lisbon or UTC.'}`,
        expected: 'an IANA time zone such as America/Sao_Paulo',
        ...(suggestion ? { did_you_mean: suggestion } : {}),
      });
    }
    // A language's name or another spelling of its code ("Português do Brasil", "pt-br") is stored as GLPI's code.
    if (typeof value.language === 'string') {
      const language = readLanguage(value.language);
      if ('code' in language) value.language = language.code;
      else issues.push(language.issue);
    }
    return issues;
  }
}
