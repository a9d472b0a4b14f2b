import { Controller, Get } from '@nestjs/common';
import type { Outcome } from '../envelope/envelope.js';
import type { Call } from '../tools/call.js';
import { CallOf, RestInput } from '../transports/rest/rest-input.decorator.js';
import { Doc, DocTag, list, ref } from '../transports/rest/route-doc.decorator.js';
import { ReferenceDataService } from './reference-data.service.js';
import { ReferenceListDto } from './reference-list.dto.js';

/** Read-only lists of the names reference fields accept, limited to what the caller may see. */
@DocTag('reference data', 'The names reference fields (*_id) accept, limited to what you may see.')
@Controller('api')
export class ReferenceDataController {
  constructor(private readonly lists: ReferenceDataService) {}

  @Get('entities')
  @Doc({ summary: 'List entities', description: 'Entities you may see: the values of entities_id.', data: list(ref('Entity')) })
  entities(@RestInput('query') input: ReferenceListDto, @CallOf() call: Call): Promise<Outcome> {
    return this.lists.list('entities', input, call);
  }

  @Get('groups')
  @Doc({ summary: 'List groups', description: 'The values of groups_id and assignee_group_id.', data: list(ref('Group')) })
  groups(@RestInput('query') input: ReferenceListDto, @CallOf() call: Call): Promise<Outcome> {
    return this.lists.list('groups', input, call);
  }

  @Get('profiles')
  @Doc({ summary: 'List profiles', description: 'The values of profiles_id.', data: list(ref('Profile')) })
  profiles(@RestInput('query') input: ReferenceListDto, @CallOf() call: Call): Promise<Outcome> {
    return this.lists.list('profiles', input, call);
  }

  @Get('project-states')
  @Doc({ summary: 'List project states', description: 'The values of projectstates_id.', data: list(ref('ProjectState')) })
  projectStates(@RestInput('query') input: ReferenceListDto, @CallOf() call: Call): Promise<Outcome> {
    return this.lists.list('project-states', input, call);
  }

  @Get('itil-categories')
  @Doc({ summary: 'List ITIL categories', description: 'The values of itilcategories_id.', data: list(ref('ItilCategory')) })
  itilCategories(@RestInput('query') input: ReferenceListDto, @CallOf() call: Call): Promise<Outcome> {
    return this.lists.list('itil-categories', input, call);
  }

  @Get('locations')
  @Doc({ summary: 'List locations', description: 'The values of locations_id.', data: list(ref('Location')) })
  locations(@RestInput('query') input: ReferenceListDto, @CallOf() call: Call): Promise<Outcome> {
    return this.lists.list('locations', input, call);
  }
}
