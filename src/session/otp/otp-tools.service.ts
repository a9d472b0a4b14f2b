import { Injectable } from '@nestjs/common';
import { requireCall } from '../../call/call-context.js';
import { formatDate } from '../../input/dates/dates.js';
import type { Outcome } from '../../envelope/envelope.js';
import { AppConfig } from '../../config/app-config.js';
import { Tool } from '../../tools/tool.decorator.js';
import { RequestOtpDto, VerifyOtpDto } from './dto/otp.dto.js';
import { OtpService } from './otp.service.js';

/** The verification tools: the model asks, the user receives the code out of band and tells it. */
@Injectable()
export class OtpToolsService {
  constructor(
    private readonly otp: OtpService,
    private readonly config: AppConfig,
  ) {}

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
  async request(input: RequestOtpDto): Promise<Outcome> {
    const call = requireCall();
    const { session, expiresAt, channel } = await this.otp.request(call.principal!, input.session_id);
    call.session = { id: session.id };
    const tz = call.principal!.timezone || this.config.defaultTimezone;
    return {
      message: `A verification code was sent to ${call.principal!.login} (${channel}). Ask the user for the 6 digits, then call auth_verify_otp.`,
      id: session.id,
      data: { session_id: session.id, delivery: channel, expires_at: formatDate(expiresAt, tz) },
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
  async verify(input: VerifyOtpDto): Promise<Outcome> {
    const call = requireCall();
    const { sessionId, verifiedUntil } = await this.otp.verify(call.principal!, input.session_id, input.code);
    call.session = { id: sessionId };
    const tz = call.principal!.timezone || this.config.defaultTimezone;
    return {
      message: `Session verified until ${formatDate(verifiedUntil, tz)}.`,
      id: sessionId,
      data: { session_id: sessionId, verified: true, verified_until: formatDate(verifiedUntil, tz) },
    };
  }
}
