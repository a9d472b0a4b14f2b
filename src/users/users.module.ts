import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { PresentModule } from '../present/present.module.js';
import { WritesModule } from '../writes/writes.module.js';
import { UserAssignments } from './user-assignments.js';
import { UsersController } from './users.controller.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

@Module({ imports: [WritesModule, PresentModule, AuthModule], controllers: [UsersController], providers: [UsersService, UsersRepository, UserAssignments] })
export class UsersModule {}
