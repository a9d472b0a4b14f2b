import { Module } from '@nestjs/common';
import { OtpAttempts } from './otp-attempts.js';
import { OtpDelivery } from './otp-delivery.js';
import { OtpToolsService } from './otp-tools.service.js';
import { OtpService } from './otp.service.js';

@Module({ providers: [OtpAttempts, OtpDelivery, OtpService, OtpToolsService], exports: [OtpService] })
export class OtpModule {}
