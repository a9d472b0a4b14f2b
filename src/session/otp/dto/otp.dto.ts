import { McpTextField, TextField } from '../../../input/fields.js';

export class RequestOtpDto {
  @McpTextField({ required: true, description: 'The session to verify (from domain_switch).' })
  session_id!: string;
}

export class VerifyOtpDto {
  @McpTextField({ required: true, description: 'The session the code was sent for.' })
  session_id!: string;

  @TextField({ required: true, maxLength: 12, digits: 6, description: 'The 6-digit code the user received. Ask the user; never guess it.' })
  code!: string;
}
