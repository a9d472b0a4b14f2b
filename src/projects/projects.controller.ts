import { Controller, Delete, Get, HttpCode, Patch, Post } from '@nestjs/common';
import type { Answer } from '../envelope/envelope.js';
import type { Call } from '../tools/call.js';
import { ServesTool } from '../tools/tool.decorator.js';
import { CallOf, RestInput } from '../transports/rest/rest-input.decorator.js';
import { Doc, DocTag, page, ref } from '../transports/rest/route-doc.decorator.js';
import { CreateProjectDto } from './dto/create-project.dto.js';
import { DeleteProjectDto, GetProjectDto } from './dto/project-id.dto.js';
import { SearchProjectsDto } from './dto/search-projects.dto.js';
import { UpdateProjectDto } from './dto/update-project.dto.js';
import { ProjectsService } from './projects.service.js';
import { SaveProjectTaskDto } from './tasks/dto/save-project-task.dto.js';
import { ProjectTasksService } from './tasks/project-tasks.service.js';

/** REST face of the project tools: one service call per route. */
@DocTag('projects', 'Projects: search, read (with tasks), create, update, delete (to the trash); create and change project tasks.')
@Controller('api/projects')
export class ProjectsController {
  constructor(
    private readonly projects: ProjectsService,
    private readonly tasks: ProjectTasksService,
  ) {}

  @Get()
  @ServesTool('project_search')
  @Doc({ data: page(ref('Project')) })
  search(@RestInput('query') input: SearchProjectsDto, @CallOf() call: Call): Promise<Answer> {
    return this.projects.search(input, call);
  }

  @Post('search')
  @HttpCode(200)
  @ServesTool('project_search')
  @Doc({ summary: 'Search projects (filters in a JSON body)', data: page(ref('Project')) })
  searchByBody(@RestInput('body') input: SearchProjectsDto, @CallOf() call: Call): Promise<Answer> {
    return this.projects.search(input, call);
  }

  @Post('tasks')
  @ServesTool('project_task_save')
  @Doc({ summary: 'Create a project task (no id) or change one (id); add a team member or a linked ticket' })
  saveTask(@RestInput('body') input: SaveProjectTaskDto, @CallOf() call: Call): Promise<Answer> {
    return this.tasks.save(input, call);
  }

  @Get(':id')
  @ServesTool('project_get')
  @Doc({ data: ref('Project') })
  get(@RestInput('params+query') input: GetProjectDto, @CallOf() call: Call): Promise<Answer> {
    return this.projects.get(input, call);
  }

  @Post()
  @ServesTool('project_create')
  @Doc({ data: ref('Project') })
  create(@RestInput('body') input: CreateProjectDto, @CallOf() call: Call): Promise<Answer> {
    return this.projects.create(input, call);
  }

  @Patch(':id')
  @ServesTool('project_update')
  @Doc({ data: ref('Project') })
  update(@RestInput('params+body') input: UpdateProjectDto, @CallOf() call: Call): Promise<Answer> {
    return this.projects.update(input, call);
  }

  @Delete(':id')
  @ServesTool('project_delete')
  remove(@RestInput('params+body') input: DeleteProjectDto, @CallOf() call: Call): Promise<Answer> {
    return this.projects.delete(input, call);
  }
}
