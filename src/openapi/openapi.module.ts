import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { ToolsModule } from '../tools/tools.module.js';
import { OpenApiDocument } from './openapi-document.js';

/** The REST API's OpenAPI document (served with Swagger UI by serveApiDocs). */
@Module({
  imports: [DiscoveryModule, ToolsModule],
  providers: [OpenApiDocument],
  exports: [OpenApiDocument],
})
export class OpenApiModule {}
