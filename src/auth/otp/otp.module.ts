import { Module } from '@nestjs/common';
import { OtpDelivery } from './otp-delivery.js';
import { OtpToolsService } from './otp-tools.service.js';
import { OtpService } from './otp.service.js';

@Module({ providers: [OtpDelivery, OtpService, OtpToolsService], exports: [OtpService] })
export class OtpModule {}
