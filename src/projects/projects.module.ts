import { Module } from '@nestjs/common';
import { ProjectsController } from './projects.controller.js';
import { ProjectsQueries } from './projects.repository.js';
import { ProjectsService } from './projects.service.js';

@Module({ controllers: [ProjectsController], providers: [ProjectsService, ProjectsQueries] })
export class ProjectsModule {}
