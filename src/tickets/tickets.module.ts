import { Module } from '@nestjs/common';
import { PresentModule } from '../present/present.module.js';
import { WritesModule } from '../writes/writes.module.js';
import { TicketsController } from './tickets.controller.js';
import { TicketsRepository } from './tickets.repository.js';
import { TicketsService } from './tickets.service.js';

@Module({ imports: [WritesModule, PresentModule], controllers: [TicketsController], providers: [TicketsService, TicketsRepository] })
export class TicketsModule {}
