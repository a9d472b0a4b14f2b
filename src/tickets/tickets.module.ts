import { Module } from '@nestjs/common';
import { InputModule } from '../input/input.module.js';
import { PresentModule } from '../present/present.module.js';
import { WritesModule } from '../writes/writes.module.js';
import { TicketStats } from './stats/ticket-stats.js';
import { TicketViews } from './ticket-views.js';
import { TicketsController } from './tickets.controller.js';
import { TicketsRepository } from './tickets.repository.js';
import { TicketsService } from './tickets.service.js';

@Module({
  imports: [WritesModule, PresentModule, InputModule],
  controllers: [TicketsController],
  providers: [TicketsService, TicketsRepository, TicketViews, TicketStats],
})
export class TicketsModule {}
