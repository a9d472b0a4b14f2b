import { McpTextField } from '../../input/fields.js';

export class SessionStatusDto {
  @McpTextField({ required: true, description: 'Session id from domain_switch.' })
  session_id!: string;
}
