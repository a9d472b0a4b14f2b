import { SCOPES } from '../../auth/principal.js';
import { ERROR_CODES } from '../../envelope/error-codes.js';
import { LIMIT_ALIASES, RECORD_ID_ALIASES } from '../../input/field-aliases.js';
import { BoolField, ChoiceField, ChoicesField, DateField, IntField, RefField, TextField } from '../../input/fields.js';

export class CreateTokenDto {
  @RefField('user', { required: true, description: 'User the token acts as.' })
  user!: number;

  @ChoicesField(SCOPES, { description: 'Scopes (default mcp; api and admin only when asked for).' })
  scopes?: string[];

  @TextField({ maxLength: 20, description: 'Lifetime such as 30d, 12h, 45m (default: no expiry).' })
  expires_in?: string;

  @TextField({ maxLength: 255, description: 'Label.', aliases: ['title', 'titulo', 'nome', 'subject', 'assunto'] })
  name?: string;
}

export class TokenIdDto {
  @IntField({ required: true, min: 1, description: 'Token id.', aliases: RECORD_ID_ALIASES })
  id!: number;
}

export class ListTokensDto {
  @RefField('user', { description: 'Only tokens of this user.' })
  user?: number;
}

export class ListSessionsDto {
  @RefField('user', { description: 'Only sessions of this user.' })
  user?: number;

  @BoolField({ description: 'Only sessions that are neither ended nor expired.' })
  live?: boolean;

  @IntField({ min: 1, max: 500, unit: 'rows', description: 'Max rows (default 100).', aliases: LIMIT_ALIASES })
  limit?: number;
}

export class SessionIdDto {
  @TextField({ required: true, maxLength: 64, description: 'Session id (ses_…).', aliases: RECORD_ID_ALIASES })
  id!: string;
}

/** What an audit entry's outcome can be: success, any error code, or an unknown tool name. */
export const AUDIT_OUTCOMES = ['success', ...ERROR_CODES, 'UNKNOWN_TOOL'] as const;

export class AuditQueryDto {
  /** The tool filter is judged against the tool registry: the input's problems wait for it (audit-tool-filter.ts). */
  static readonly checksStoredRecord = true;

  @RefField('user', { description: 'Only calls of this user.' })
  user?: number;

  @TextField({ maxLength: 100, description: 'Only this tool (e.g. project_create).' })
  tool?: string;

  @ChoiceField(AUDIT_OUTCOMES, { description: 'Only this outcome: success or an error code.' })
  outcome?: string;

  @IntField({ min: 1, description: 'Only calls made with this token (its id, as the token list shows it).' })
  token_id?: number;

  @TextField({ maxLength: 64, description: 'Only this session.' })
  session_id?: string;

  @TextField({ maxLength: 128, description: 'Only the call with this request id (X-Request-Id).' })
  request_id?: string;

  // A range as a search's: a bare day, a month or a year bounds it with all of it.
  @DateField({ description: 'From this time.', bound: 'start' })
  from?: Date;

  @DateField({ description: 'Up to this time.', bound: 'end' })
  to?: Date;

  @IntField({ min: 1, max: 500, unit: 'rows', description: 'Page size (default 50).', aliases: LIMIT_ALIASES })
  limit?: number;

  @IntField({ min: 1, description: 'next_cursor of the previous page (rows older than this id).' })
  cursor?: number;
}
