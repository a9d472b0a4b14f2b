import { Injectable } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { ToolRegistry } from '../tools/tool-registry.js';
import type { OpenApi } from './openapi-build.js';

/**
 * The OpenAPI document of the REST API (openapi-build.ts), built on the first request for it and
 * kept. Its builder and schemas are loaded then too: start-up neither builds nor loads them.
 */
@Injectable()
export class OpenApiDocument {
  private document: Promise<OpenApi> | undefined;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    private readonly tools: ToolRegistry,
  ) {}

  get(): Promise<OpenApi> {
    this.document ??= import('./openapi-build.js').then(({ buildOpenApi }) =>
      buildOpenApi({ discovery: this.discovery, scanner: this.scanner, reflector: this.reflector, tools: this.tools }),
    );
    return this.document;
  }
}
