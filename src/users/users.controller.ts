import { Controller, Delete, Get, HttpCode, Patch, Post } from '@nestjs/common';
import type { Answer } from '../envelope/envelope.js';
import type { Call } from '../tools/call.js';
import { ServesTool } from '../tools/tool.decorator.js';
import { CallOf, RestInput } from '../transports/rest/rest-input.decorator.js';
import { Doc, DocTag, page, ref } from '../transports/rest/route-doc.decorator.js';
import { CreateUserDto } from './dto/create-user.dto.js';
import { SearchUsersDto } from './dto/search-users.dto.js';
import { UpdateUserDto } from './dto/update-user.dto.js';
import { DeactivateUserDto, GetUserDto } from './dto/user-id.dto.js';
import { UsersService } from './users.service.js';

/** REST face of the user tools: one service call per route. */
@DocTag('users', 'Users: search, read, create, update, deactivate (users are never deleted).')
@Controller('api/users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @ServesTool('user_search')
  @Doc({ data: page(ref('User')) })
  search(@RestInput('query') input: SearchUsersDto, @CallOf() call: Call): Promise<Answer> {
    return this.users.search(input, call);
  }

  @Post('search')
  @HttpCode(200)
  @ServesTool('user_search')
  @Doc({ summary: 'Search users (filters in a JSON body)', data: page(ref('User')) })
  searchByBody(@RestInput('body') input: SearchUsersDto, @CallOf() call: Call): Promise<Answer> {
    return this.users.search(input, call);
  }

  @Get(':id')
  @ServesTool('user_get')
  @Doc({ data: ref('User') })
  get(@RestInput('params+query') input: GetUserDto, @CallOf() call: Call): Promise<Answer> {
    return this.users.get(input, call);
  }

  @Post()
  @ServesTool('user_create')
  @Doc({ data: ref('User') })
  create(@RestInput('body') input: CreateUserDto, @CallOf() call: Call): Promise<Answer> {
    return this.users.create(input, call);
  }

  @Patch(':id')
  @ServesTool('user_update')
  @Doc({ data: ref('User') })
  update(@RestInput('params+body') input: UpdateUserDto, @CallOf() call: Call): Promise<Answer> {
    return this.users.update(input, call);
  }

  /** Deactivates: users are never deleted. */
  @Delete(':id')
  @ServesTool('user_deactivate')
  deactivate(@RestInput('params+body') input: DeactivateUserDto, @CallOf() call: Call): Promise<Answer> {
    return this.users.deactivate(input, call);
  }
}
