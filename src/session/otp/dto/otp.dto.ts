import type { Issue } from '../../../envelope/issue.js';
import { McpTextField, TextField } from '../../../input/fields.js';

export class RequestOtpDto {
  @McpTextField({ required: true, description: 'The session to verify (from domain_switch).' })
  session_id!: string;
}

export class VerifyOtpDto {
  @McpTextField({ required: true, description: 'The session the code was sent for.' })
  session_id!: string;

  @TextField({ required: true, maxLength: 12, description: 'The 6-digit code the user received. Ask the user; never guess it.' })
  code!: string;

  static crossCheck(value: VerifyOtpDto): Issue[] {
    if (typeof value.code === 'string' && !/^\d{6}$/.test(value.code)) {
      return [{ field: 'code', code: 'INVALID_VALUE', received: '(hidden)', message: 'code must be the 6 digits the user received.', expected: '6 digits' }];
    }
    return [];
  }
}
