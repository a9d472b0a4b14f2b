import { SetMetadata } from '@nestjs/common';
import type { Scope } from './principal.js';

export const PUBLIC_ROUTE = 'intentdesk:public';
export const REQUIRED_SCOPE = 'intentdesk:scope';

/** A route that needs no token (health, readiness, OpenAPI, the MCP endpoint which authenticates itself). */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(PUBLIC_ROUTE, true);

/** The token scope a REST controller needs (default: api). */
export const RequireScope = (scope: Scope): MethodDecorator & ClassDecorator => SetMetadata(REQUIRED_SCOPE, scope);
