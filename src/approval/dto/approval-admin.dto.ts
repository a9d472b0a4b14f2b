import { LIMIT_ALIASES, RECORD_ID_ALIASES } from '../../input/field-aliases.js';
import { IntField, TextField } from '../../input/fields.js';

export class ListApprovalsDto {
  @IntField({ min: 1, max: 500, unit: 'rows', description: 'Max rows (default 100).', aliases: LIMIT_ALIASES })
  limit?: number;
}

export class ApprovalIdDto {
  @TextField({ required: true, maxLength: 64, description: 'Approval id (apr_…).', aliases: RECORD_ID_ALIASES })
  id!: string;
}
