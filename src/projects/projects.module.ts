import { Module } from '@nestjs/common';
import { PresentModule } from '../present/present.module.js';
import { WritesModule } from '../writes/writes.module.js';
import { ProjectsController } from './projects.controller.js';
import { ProjectsRepository } from './projects.repository.js';
import { ProjectsService } from './projects.service.js';
import { ProjectTasksService } from './tasks/project-tasks.service.js';

@Module({ imports: [WritesModule, PresentModule], controllers: [ProjectsController], providers: [ProjectsService, ProjectsRepository, ProjectTasksService] })
export class ProjectsModule {}
