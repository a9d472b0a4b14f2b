import { Module } from '@nestjs/common';
import { InputModule } from '../input/input.module.js';
import { PresentModule } from '../present/present.module.js';
import { WritesModule } from '../writes/writes.module.js';
import { TicketStats } from './stats/ticket-stats.js';
import { TicketProjectTasks } from './ticket-project-tasks.js';
import { TicketViews } from './ticket-views.js';
import { TicketsController } from './tickets.controller.js';
import { TicketsRepository } from './tickets.repository.js';
import { TicketsService } from './tickets.service.js';
import { EntriesService } from './timeline/entries.service.js';
import { LinksService } from './timeline/links.service.js';
import { TimelineRepository } from './timeline/timeline.repository.js';
import { TimelineService } from './timeline/timeline.service.js';
import { ValidationsService } from './timeline/validations.service.js';

@Module({
  imports: [WritesModule, PresentModule, InputModule],
  controllers: [TicketsController],
  providers: [
    TicketsService,
    TicketsRepository,
    TicketViews,
    TicketStats,
    TicketProjectTasks,
    TimelineRepository,
    TimelineService,
    EntriesService,
    ValidationsService,
    LinksService,
  ],
})
export class TicketsModule {}
