import { RequestMethod, type Type } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import type { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { Scope } from '../auth/principal.js';
import { PUBLIC_ROUTE, REQUIRED_SCOPE } from '../auth/public.decorator.js';
import { SERVES_TOOL } from '../tools/tool.decorator.js';
import type { ToolPolicy } from '../tools/tool-policy.js';
import type { ToolRegistry } from '../tools/tool-registry.js';
import { restInputOf, type RestSource } from '../transports/rest/rest-request.js';
import { DOC_HIDDEN, DOC_TAG, ROUTE_DOC, type RouteDoc, type TagDoc } from '../transports/rest/route-doc.decorator.js';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** One REST route as the OpenAPI document sees it: all read from the route's own metadata. */
export interface RestRoute {
  method: HttpMethod;
  /** OpenAPI path template: /api/projects/{id}. */
  path: string;
  pathParams: string[];
  /** `<controller>_<handler>`: projects_search, admin_listTokens. */
  operationId: string;
  tag: TagDoc | undefined;
  successStatus: number;
  isPublic: boolean;
  scope: Scope;
  /** The tool whose rights, rate class and envelope the route shares. */
  tool: ToolPolicy | undefined;
  input: { dto: Type<object>; source: RestSource } | undefined;
  doc: RouteDoc;
}

export interface RouteSources {
  discovery: DiscoveryService;
  scanner: MetadataScanner;
  reflector: Reflector;
  tools: ToolRegistry;
}

/** Every REST route of the application's controllers, in declaration order. */
export function restRoutes({ discovery, scanner, reflector, tools }: RouteSources): RestRoute[] {
  const routes: RestRoute[] = [];
  for (const wrapper of discovery.getControllers()) {
    const controller = wrapper.metatype as Type<object> | undefined;
    if (!controller || reflector.get<boolean | undefined>(DOC_HIDDEN, controller)) continue;
    const prototype = controller.prototype as Record<string, unknown>;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[name] as (...args: unknown[]) => unknown;
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (method === undefined) continue;
      const path = joinPath(
        Reflect.getMetadata(PATH_METADATA, controller) as string | undefined,
        Reflect.getMetadata(PATH_METADATA, handler) as string | undefined,
      );
      const targets = [handler, controller];
      const verb = httpMethod(method, controller.name, name);
      routes.push({
        method: verb,
        path: path.replace(/:(\w+)/g, '{$1}'),
        pathParams: [...path.matchAll(/:(\w+)/g)].map((m) => m[1]),
        operationId: `${lowerFirst(controller.name.replace(/Controller$/, ''))}_${name}`,
        tag: reflector.get<TagDoc | undefined>(DOC_TAG, controller),
        successStatus: (Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined) ?? (verb === 'post' ? 201 : 200),
        isPublic: !!reflector.getAllAndOverride<boolean | undefined>(PUBLIC_ROUTE, targets),
        scope: reflector.getAllAndOverride<Scope | undefined>(REQUIRED_SCOPE, targets) ?? 'api',
        tool: tools.policy(reflector.get<string | undefined>(SERVES_TOOL, handler)),
        input: inputOf(prototype, name),
        doc: reflector.get<RouteDoc | undefined>(ROUTE_DOC, handler) ?? {},
      });
    }
  }
  return routes;
}

function inputOf(prototype: object, name: string): RestRoute['input'] {
  const meta = restInputOf(prototype, name);
  if (!meta) return undefined;
  const types = Reflect.getMetadata('design:paramtypes', prototype, name) as Array<Type<object>> | undefined;
  const dto = types?.[meta.index];
  if (!dto) throw new Error(`OpenAPI: the input of ${prototype.constructor.name}.${name} has no class`);
  return { dto, source: meta.source };
}

function httpMethod(method: RequestMethod, controller: string, handler: string): HttpMethod {
  switch (method) {
    case RequestMethod.GET:
      return 'get';
    case RequestMethod.POST:
      return 'post';
    case RequestMethod.PUT:
      return 'put';
    case RequestMethod.PATCH:
      return 'patch';
    case RequestMethod.DELETE:
      return 'delete';
    default:
      throw new Error(`OpenAPI: ${controller}.${handler} uses ${RequestMethod[method]}, which the document does not describe`);
  }
}

function joinPath(...parts: Array<string | undefined>): string {
  const joined = parts.filter((p) => p).join('/');
  return `/${joined}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
