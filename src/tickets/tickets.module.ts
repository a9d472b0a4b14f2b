import { Module } from '@nestjs/common';
import { TicketsController } from './tickets.controller.js';
import { TicketsQueries } from './tickets.repository.js';
import { TicketsService } from './tickets.service.js';

@Module({ controllers: [TicketsController], providers: [TicketsService, TicketsQueries] })
export class TicketsModule {}
