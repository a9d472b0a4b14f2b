import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { InputModule } from '../input/input.module.js';
import { ToolListService } from './tool-list.service.js';
import { ToolRegistry } from './tool-registry.js';

/** The tools: found at boot (@Tool), each with its policy and its place in Nest's chain; and their list. */
@Module({ imports: [DiscoveryModule, InputModule], providers: [ToolRegistry, ToolListService], exports: [ToolRegistry, ToolListService] })
export class ToolsModule {}
