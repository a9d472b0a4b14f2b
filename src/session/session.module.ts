import { Module } from '@nestjs/common';
import { ToolsModule } from '../tools/tools.module.js';
import { OtpService } from './otp/otp.service.js';
import { OtpAttempts } from './otp/otp-attempts.js';
import { OtpDelivery } from './otp/otp-delivery.js';
import { OtpToolsService } from './otp/otp-tools.service.js';
import { SessionToolsService } from './session-tools.service.js';
import { SessionsRepository } from './sessions.repository.js';

/** Sessions of the intent lock (the lock's decision is intent-lock.decision.ts), their tools, and their verification by one-time codes. */
@Module({
  imports: [ToolsModule],
  providers: [SessionsRepository, SessionToolsService, OtpAttempts, OtpDelivery, OtpService, OtpToolsService],
  exports: [SessionsRepository, OtpDelivery],
})
export class SessionModule {}
