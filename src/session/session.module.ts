import { Module } from '@nestjs/common';
import { SessionToolsService } from './session-tools.service.js';

@Module({ providers: [SessionToolsService] })
export class SessionModule {}
