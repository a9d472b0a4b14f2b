import type { Domain } from '../../auth/principal.js';
import type { FieldSpec } from '../field-spec.js';
import { BoolField, McpTextField, TextField, TimezoneField } from '../fields.js';

/**
 * Arguments every domain tool takes besides `domain`, which its policy supplies (domainArgument):
 * the intent lock judges both before the input pipe runs. REST does not take them (mcpOnly).
 */
export abstract class DomainCallDto {
  @McpTextField({ required: true, call: true, description: 'Session id from domain_switch (ses_…).' })
  session_id!: string;
}

/** The `domain` argument of a domain tool: must name the tool's domain (checked by the intent lock). */
export function domainArgument(domain: Domain): FieldSpec {
  return {
    name: 'domain',
    kind: 'choice',
    required: true,
    mcpOnly: true,
    call: true,
    values: [domain],
    constant: domain,
    blankIsAbsent: true,
    description: `Must be "${domain}": the domain this tool belongs to.`,
  };
}

/** Arguments every write tool takes on top of the domain arguments. */
export abstract class WriteCallDto extends DomainCallDto {
  @TextField({
    maxLength: 255,
    call: true,
    description: 'Optional key; a retry with the same key and arguments returns the first result instead of writing again.',
  })
  idempotency_key?: string;

  @BoolField({ call: true, description: 'true: validate, resolve and normalize, return "applied", write nothing.' })
  dry_run?: boolean;

  @TimezoneField({ call: true, description: 'Zone for dates given without offset (default: your user zone, else the server default).' })
  timezone?: string;

  @McpTextField({ call: true, description: 'From APPROVAL_REQUIRED: repeat the same call with it once the user approved.' })
  approval_id?: string;
}
