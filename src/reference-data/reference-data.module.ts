import { Module } from '@nestjs/common';
import { PresentModule } from '../present/present.module.js';
import { ReferenceDataController } from './reference-data.controller.js';
import { ReferenceDataService } from './reference-data.service.js';

/** REST only: the reference lists are no MCP tools (names resolve inside the domain tools). */
@Module({ imports: [PresentModule], controllers: [ReferenceDataController], providers: [ReferenceDataService] })
export class ReferenceDataModule {}
