import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/**
 * A REST client that knows nothing of intentdesk but its OpenAPI document: every request is built
 * from the operation's declared parameters (path and query), request body schema, security scheme
 * and server URL, and every answer is checked against the response schema declared for its status.
 * An argument the operation does not declare is refused before anything is sent.
 */

type Json = Record<string, unknown>;

export interface DocAnswer<T = Json> {
  status: number;
  headers: Headers;
  body: T;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Json;
}

interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Json }> };
  responses: Record<string, Json>;
  security?: Array<Record<string, string[]>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const DOC_ID = 'openapi.json';

// ajv-formats is CommonJS: its function is the default export, or the module itself.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => Ajv2020;

export class OpenApiClient {
  private readonly operations = new Map<string, { method: string; path: string; operation: Operation }>();
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly base: URL;

  /**
   * @param doc the document as served at /api/docs-json
   * @param docUrl where it was served: relative server URLs resolve against it
   * @param token the bearer token, sent as the document's security scheme says
   */
  constructor(
    readonly doc: Json,
    docUrl: string,
    private readonly token?: string,
  ) {
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
      for (const method of METHODS) {
        const operation = item[method];
        if (operation) this.operations.set(operation.operationId, { method, path, operation });
      }
    }
    const servers = (doc.servers as Array<{ url: string }> | undefined) ?? [{ url: '/' }];
    this.base = new URL(servers[0].url, docUrl);
    // OpenAPI 3.1 schemas are JSON Schema 2020-12; OpenAPI's own keywords (example) are annotations.
    this.ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: true });
    addFormats(this.ajv);
    this.ajv.addSchema(doc, DOC_ID);
  }

  operationIds(): string[] {
    return [...this.operations.keys()];
  }

  operation(operationId: string): { method: string; path: string; operation: Operation } {
    const found = this.operations.get(operationId);
    if (!found) throw new Error(`The document has no operation ${operationId}`);
    return found;
  }

  /** Calls an operation with `args` named as the document names them; `as` overrides the token. */
  async call<T = Json>(operationId: string, args: Json = {}, options: { token?: string | null } = {}): Promise<DocAnswer<T>> {
    const { method, path, operation } = this.operation(operationId);
    const left = new Map(Object.entries(args));
    const take = (name: string) => {
      const value = left.get(name);
      left.delete(name);
      return value;
    };
    let urlPath = path;
    const query = new URLSearchParams();
    for (const parameter of this.parameters(operation)) {
      const value = take(parameter.name);
      if (value === undefined) {
        if (parameter.required) throw new Error(`${operationId}: the required parameter ${parameter.name} is missing`);
        continue;
      }
      if (parameter.in === 'path') urlPath = urlPath.replace(`{${parameter.name}}`, encodeURIComponent(String(value)));
      else if (parameter.in === 'query') for (const item of Array.isArray(value) ? value : [value]) query.append(parameter.name, String(item));
      else throw new Error(`${operationId}: parameters in ${parameter.in} are not supported by this client`);
    }
    if (/\{\w+\}/.test(urlPath)) throw new Error(`${operationId}: ${urlPath} has a path parameter the document does not declare`);
    let body: string | undefined;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (operation.requestBody) {
      const schema = this.resolve(operation.requestBody.content['application/json'].schema);
      const properties = (schema.properties ?? {}) as Json;
      const sent: Json = {};
      for (const name of Object.keys(properties)) if (left.has(name)) sent[name] = take(name);
      if (Object.keys(sent).length || operation.requestBody.required) {
        body = JSON.stringify(sent);
        headers['Content-Type'] = 'application/json';
      }
    }
    if (left.size) throw new Error(`${operationId}: the document declares no ${[...left.keys()].join(', ')}`);
    const token = options.token === undefined ? this.token : options.token;
    if (token) Object.assign(headers, this.credentials(operation, token));

    const url = new URL(`${this.base.pathname.replace(/\/$/, '')}${urlPath}`, this.base);
    url.search = query.toString();
    const res = await fetch(url, { method: method.toUpperCase(), headers, body });
    const answer = { status: res.status, headers: res.headers, body: (await res.json()) as T };
    this.check(operationId, operation, answer);
    return answer;
  }

  /** Path-level and operation-level parameters, resolved. */
  private parameters(operation: Operation): Parameter[] {
    return (operation.parameters ?? []).map((p) => this.resolve(p as unknown as Json) as unknown as Parameter);
  }

  /** The headers the operation's security requirement asks for. */
  private credentials(operation: Operation, token: string): Record<string, string> {
    const requirements = operation.security ?? (this.doc.security as Array<Record<string, string[]>> | undefined) ?? [];
    if (!requirements.length) return {};
    const schemes = ((this.doc.components as Json).securitySchemes ?? {}) as Record<string, { type: string; scheme?: string; in?: string; name?: string }>;
    const scheme = schemes[Object.keys(requirements[0])[0]];
    if (scheme?.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer') return { Authorization: `Bearer ${token}` };
    throw new Error(`Security scheme ${JSON.stringify(scheme)} is not supported by this client`);
  }

  /** The answer must be declared for its status, with its schema and headers. */
  private check(operationId: string, operation: Operation, answer: DocAnswer<unknown>): void {
    const key = String(answer.status);
    const declared = operation.responses[key] ?? operation.responses[`${key[0]}XX`] ?? operation.responses.default;
    if (!declared) throw new Error(`${operationId} answered ${key}, a status its document does not declare: ${JSON.stringify(answer.body)}`);
    const response = this.resolve(declared);
    for (const header of Object.keys(response.headers ?? {})) {
      if (answer.headers.get(header) === null) throw new Error(`${operationId} answered ${key} without its declared header ${header}`);
    }
    const pointer = this.pointerOf(operationId, operation, key, declared);
    let validate = this.validators.get(pointer);
    if (!validate) {
      validate = this.ajv.getSchema(`${DOC_ID}${pointer}`);
      if (!validate) throw new Error(`No schema at ${pointer}`);
      this.validators.set(pointer, validate);
    }
    if (!validate(answer.body)) {
      throw new Error(
        `${operationId} answered ${key} with a body its document does not describe: ${this.ajv.errorsText(validate.errors)}\n${JSON.stringify(answer.body).slice(0, 2000)}`,
      );
    }
  }

  /** JSON pointer (as a URI fragment) of the response schema for `status`. */
  private pointerOf(operationId: string, operation: Operation, status: string, declared: Json): string {
    const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
    const base =
      typeof declared.$ref === 'string'
        ? declared.$ref.slice(1)
        : (() => {
            const { method, path } = this.operation(operationId);
            const key = operation.responses[status] ? status : `${status[0]}XX`;
            return `/paths/${escape(path)}/${method}/responses/${key}`;
          })();
    return `#${base}/content/${escape('application/json')}/schema`;
  }

  /** Follows a local $ref (#/components/...) to what it names. */
  private resolve(node: Json): Json {
    let current = node;
    for (let hops = 0; typeof current.$ref === 'string'; hops++) {
      if (hops > 10) throw new Error(`$ref loop at ${String(current.$ref)}`);
      current = current.$ref
        .slice(2)
        .split('/')
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
        .reduce<Json>((at, key) => at[key] as Json, this.doc);
    }
    return current;
  }
}
