import { Module } from '@nestjs/common';
import { PresentModule } from '../present/present.module.js';
import { WritesModule } from '../writes/writes.module.js';
import { TicketsController } from './tickets.controller.js';
import { TicketsRepository } from './tickets.repository.js';
import { TicketsService } from './tickets.service.js';
import { EntriesService } from './timeline/entries.service.js';
import { LinksService } from './timeline/links.service.js';
import { TimelineRepository } from './timeline/timeline.repository.js';
import { TimelineService } from './timeline/timeline.service.js';
import { ValidationsService } from './timeline/validations.service.js';

@Module({
  imports: [WritesModule, PresentModule],
  controllers: [TicketsController],
  providers: [TicketsService, TicketsRepository, TimelineRepository, TimelineService, EntriesService, ValidationsService, LinksService],
})
export class TicketsModule {}
