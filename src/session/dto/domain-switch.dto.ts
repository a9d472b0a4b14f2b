import { type Domain, DOMAINS } from '../../auth/principal.js';
import { ChoiceField, McpTextField, TextField } from '../../input/fields.js';
import { DOMAIN_WORDS } from '../../input/vocab/choice-words.js';

export class DomainSwitchDto {
  @ChoiceField(DOMAINS, { required: true, description: 'Domain to work in: project, ticket or user.', valueAliases: DOMAIN_WORDS })
  domain!: Domain;

  @McpTextField({ description: 'Existing session to move. Omit to open a new session.' })
  session_id?: string;

  @TextField({ maxLength: 500, description: 'Why the intent changed (kept in the audit log).' })
  reason?: string;
}
