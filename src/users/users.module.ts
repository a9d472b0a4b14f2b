import { Module } from '@nestjs/common';
import { UserAssignments } from './user-assignments.js';
import { UsersController } from './users.controller.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

@Module({ controllers: [UsersController], providers: [UsersService, UsersRepository, UserAssignments] })
export class UsersModule {}
