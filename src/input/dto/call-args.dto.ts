import { BoolField, ConstField, McpTextField, TextField, TimezoneField } from '../fields.js';

/**
 * Arguments every domain tool takes. Subclasses fix `domain` to their own with @ConstField and the
 * intent lock checks it against the session; REST does not take these (mcpOnly).
 */
export abstract class DomainCallDto {
  @McpTextField({ required: true, call: true, description: 'Session id from domain_switch (ses_…).' })
  session_id!: string;
}

export function domainField(domain: string): PropertyDecorator {
  return ConstField(domain, { required: true, mcpOnly: true, call: true, description: `Must be "${domain}": the domain this tool belongs to.` });
}

/** Arguments every write tool takes on top of the domain arguments. */
export abstract class WriteCallDto extends DomainCallDto {
  @TextField({ maxLength: 255, call: true, description: 'Optional key; a retry with the same key and arguments returns the first result instead of writing again.' })
  idempotency_key?: string;

  @BoolField({ call: true, description: 'true: validate, resolve and normalize, return "applied", write nothing.' })
  dry_run?: boolean;

  @TimezoneField({ call: true, description: 'Zone for dates given without offset (default: your user zone, else the server default).' })
  timezone?: string;
}
