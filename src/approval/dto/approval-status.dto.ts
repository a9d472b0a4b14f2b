import { McpTextField } from '../../input/fields.js';

export class ApprovalStatusDto {
  @McpTextField({ required: true, description: 'The approval_id from APPROVAL_REQUIRED (apr_…).' })
  approval_id!: string;
}
