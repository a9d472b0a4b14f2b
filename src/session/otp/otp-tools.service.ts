import { Injectable } from '@nestjs/common';
import { formatDate } from '../../dates/dates.js';
import type { Outcome } from '../../envelope/envelope.js';
import type { Call } from '../../tools/call.js';
import { Tool } from '../../tools/tool.decorator.js';
import { RequestOtpDto, VerifyOtpDto } from './dto/otp.dto.js';
import { OtpService } from './otp.service.js';

/** The verification tools: the model asks, the user receives the code out of band and tells it. */
@Injectable()
export class OtpToolsService {
  constructor(private readonly otp: OtpService) {}

  @Tool({
    name: 'auth_request_otp',
    domain: null,
    access: 'verify',
    title: 'Send a verification code',
    summary: "Sends a 6-digit code to the session's user out of band (not to you); ask the user for it, then auth_verify_otp.",
    notFor: 'verifying (auth_verify_otp).',
    notes: ['Codes expire, work once; 5 wrong codes lock verification.'],
    example: { session_id: 'ses_…' },
    input: RequestOtpDto,
  })
  async request(input: RequestOtpDto, call: Call): Promise<Outcome> {
    const { session, expiresAt, channel } = await this.otp.request(call, input.session_id);
    return {
      message: `A verification code was sent to ${call.principal.login} (${channel}). Ask the user for the 6 digits, then call auth_verify_otp.`,
      id: session.id,
      session_id: session.id,
      data: { session_id: session.id, delivery: channel, expires_at: formatDate(expiresAt, call.zone) },
    };
  }

  @Tool({
    name: 'auth_verify_otp',
    domain: null,
    access: 'verify',
    title: 'Verify the session with a code',
    summary: 'Checks the code the user received; verifies this session (only) for a while, so its writes are allowed.',
    notFor: 'sending a code (auth_request_otp).',
    example: { session_id: 'ses_…', code: '123456' },
    input: VerifyOtpDto,
  })
  async verify(input: VerifyOtpDto, call: Call): Promise<Outcome> {
    const { sessionId, verifiedUntil } = await this.otp.verify(call, input.session_id, input.code);
    return {
      message: `Session verified until ${formatDate(verifiedUntil, call.zone)}.`,
      id: sessionId,
      session_id: sessionId,
      data: { session_id: sessionId, verified: true, verified_until: formatDate(verifiedUntil, call.zone) },
    };
  }
}
