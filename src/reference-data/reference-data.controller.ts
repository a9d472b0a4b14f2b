import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ToolOutcome } from '../common/envelope/envelope.js';
import { RestInput } from '../common/input/rest-input.decorator.js';
import { ReferenceListDto } from './reference-list.dto.js';
import { ReferenceDataService } from './reference-data.service.js';

/** Read-only lists of the names reference fields accept, limited to what the caller may see. */
@ApiTags('reference data')
@ApiBearerAuth()
@Controller('api')
export class ReferenceDataController {
  constructor(private readonly lists: ReferenceDataService) {}

  @Get('entities')
  @ApiOperation({ summary: 'Entities you may see (entities_id values).' })
  entities(@RestInput('query') input: ReferenceListDto): Promise<ToolOutcome> {
    return this.lists.list('entities', input);
  }

  @Get('groups')
  @ApiOperation({ summary: 'Groups (groups_id, assignee_group_id values).' })
  groups(@RestInput('query') input: ReferenceListDto): Promise<ToolOutcome> {
    return this.lists.list('groups', input);
  }

  @Get('profiles')
  @ApiOperation({ summary: 'Profiles (profiles_id values).' })
  profiles(@RestInput('query') input: ReferenceListDto): Promise<ToolOutcome> {
    return this.lists.list('profiles', input);
  }

  @Get('project-states')
  @ApiOperation({ summary: 'Project states (projectstates_id values).' })
  projectStates(@RestInput('query') input: ReferenceListDto): Promise<ToolOutcome> {
    return this.lists.list('project-states', input);
  }

  @Get('itil-categories')
  @ApiOperation({ summary: 'ITIL categories (itilcategories_id values).' })
  itilCategories(@RestInput('query') input: ReferenceListDto): Promise<ToolOutcome> {
    return this.lists.list('itil-categories', input);
  }

  @Get('locations')
  @ApiOperation({ summary: 'Locations (locations_id values).' })
  locations(@RestInput('query') input: ReferenceListDto): Promise<ToolOutcome> {
    return this.lists.list('locations', input);
  }
}
