import { Controller, Delete, Get, HttpCode, Patch, Post } from '@nestjs/common';
import type { Outcome } from '../envelope/envelope.js';
import { RestInput } from '../transports/rest/rest-input.decorator.js';
import { ServesTool } from '../tools/tool.decorator.js';
import { Doc, DocTag, page, ref } from '../openapi/route-doc.decorator.js';
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
  search(@RestInput('query') input: SearchUsersDto): Promise<Outcome> {
    return this.users.search(input);
  }

  @Post('search')
  @HttpCode(200)
  @ServesTool('user_search')
  @Doc({ summary: 'Search users (filters in a JSON body)', data: page(ref('User')) })
  searchByBody(@RestInput('body') input: SearchUsersDto): Promise<Outcome> {
    return this.users.search(input);
  }

  @Get(':id')
  @ServesTool('user_get')
  @Doc({ data: ref('User') })
  get(@RestInput('params+query') input: GetUserDto): Promise<Outcome> {
    return this.users.get(input);
  }

  @Post()
  @ServesTool('user_create')
  @Doc({ data: ref('User') })
  create(@RestInput('body') input: CreateUserDto): Promise<Outcome> {
    return this.users.create(input);
  }

  @Patch(':id')
  @ServesTool('user_update')
  @Doc({ data: ref('User') })
  update(@RestInput('params+body') input: UpdateUserDto): Promise<Outcome> {
    return this.users.update(input);
  }

  /** Deactivates: users are never deleted. */
  @Delete(':id')
  @ServesTool('user_deactivate')
  deactivate(@RestInput('params+body') input: DeactivateUserDto): Promise<Outcome> {
    return this.users.deactivate(input);
  }
}
