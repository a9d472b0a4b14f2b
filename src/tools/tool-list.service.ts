import { Injectable } from '@nestjs/common';
import type { Principal } from '../auth/principal.js';
import { grantsScope, mayCallTool, settableFields } from '../auth/rights.js';
import { AppConfig } from '../config/app-config.js';
import { isRecordField } from '../input/field-spec.js';
import { inputJsonSchema, type JsonSchema } from '../input/json-schema.js';
import { referenceKind } from '../input/references/reference-kinds.js';
import { ReferenceResolver } from '../input/references/reference-resolver.js';
import { isHiddenKind, type NameScope, nameScopeOf } from '../input/references/reference-scope.js';
import { ENVELOPE_SCHEMA } from './envelope-schema.js';
import { type DescribedFor, describeTool } from './tool-description.js';
import type { ToolPolicy } from './tool-policy.js';
import { ToolRegistry } from './tool-registry.js';

export interface ListedTool {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  annotations: { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean };
}

const EXAMPLES_PER_FIELD = 5;
/** The zone of the names a tool list shows: any, as it shows no record's date (and is shared by callers of every zone). */
const NO_DATES_SHOWN = 'UTC';
/** Example values are re-read this often, so every replica picks up reference data changed elsewhere. */
export const TOOL_LIST_MAX_AGE_MS = 5 * 60_000;

/** One cached list, and its `{"tools": [...]}` JSON for the HTTP answer (serialized once). */
interface CachedList {
  tools: ListedTool[];
  json: string;
  /** The JSON as each transport form wraps it (a protocol revision's extra fields), also made once. */
  wrapped: WeakMap<JsonWrapper, string>;
}

/** A fixed transformation of the list's JSON text; the function itself is the cache key. */
export type JsonWrapper = (json: string) => string;

/**
 * The tools/list answer. Descriptions are composed once; input schemas carry example names read from
 * the database, sampled within what the caller may name (so a description never shows a name the
 * caller could not resolve, nor any name of a kind of record it may not read); example calls leave
 * out such names and the fields the caller may not set. One list is built per combination of rights
 * and visibility and cached: tools/list does no schema work per call, and stays byte-identical for a
 * principal.
 */
@Injectable()
export class ToolListService {
  private readonly lists = new Map<string, Promise<CachedList>>();
  /** The cache key of a principal (principals are themselves cached, so this is computed rarely). */
  private readonly keys = new WeakMap<Principal, string>();
  private readonly descriptions = new Map<string, string>();
  private builtAt = Date.now();

  constructor(
    private readonly registry: ToolRegistry,
    private readonly resolver: ReferenceResolver,
    private readonly config: AppConfig,
  ) {}

  async list(principal: Principal): Promise<ListedTool[]> {
    return (await this.cached(principal)).tools;
  }

  /** The tools/list result as JSON text: `{"tools":[...]}`, or as `wrap` turns it (computed once per list). */
  async listJson(principal: Principal, wrap?: JsonWrapper): Promise<string> {
    const list = await this.cached(principal);
    if (!wrap) return list.json;
    let text = list.wrapped.get(wrap);
    if (text === undefined) {
      text = wrap(list.json);
      list.wrapped.set(wrap, text);
    }
    return text;
  }

  private cached(principal: Principal): Promise<CachedList> {
    if (Date.now() - this.builtAt > TOOL_LIST_MAX_AGE_MS) this.refresh();
    let key = this.keys.get(principal);
    if (key === undefined) {
      key = JSON.stringify([principal.rights, principal.scope.entityIds, grantsScope(principal.scopes, 'mcp')]);
      this.keys.set(principal, key);
    }
    let list = this.lists.get(key);
    if (!list) {
      const cacheKey = key;
      // Everything the list depends on is in the key: entities, rights (reads, settable fields), read-only token.
      list = this.build(nameScopeOf(principal, NO_DATES_SHOWN), principal, (tool) => mayCallTool(principal, tool)).then((tools) => ({
        tools,
        json: JSON.stringify({ tools }),
        wrapped: new WeakMap(),
      }));
      list.catch(() => this.lists.delete(cacheKey));
      this.lists.set(key, list);
    }
    return list;
  }

  /** Every tool with its schemas, whoever may call it (the admin catalogue). */
  catalogue(): Promise<ListedTool[]> {
    return this.build(undefined, undefined, () => true);
  }

  /** Forgets cached lists: the next tools/list re-reads example values. */
  refresh(): void {
    this.lists.clear();
    this.builtAt = Date.now();
  }

  private async build(scope: NameScope | undefined, principal: Principal | undefined, include: (tool: ToolPolicy) => boolean): Promise<ListedTool[]> {
    const tools = this.registry
      .all()
      .map((t) => t.policy)
      .filter(include);
    const kinds = new Set<string>();
    for (const tool of tools) for (const f of tool.fields) if (f.ref) kinds.add(f.ref);
    const examples = new Map<string, string[]>();
    await Promise.all([...kinds].map(async (kind) => examples.set(kind, await this.resolver.sampleNames(kind, scope, EXAMPLES_PER_FIELD))));
    // Example names help most where records are written; filters of searches go without them.
    return tools.map((tool) =>
      this.toListed(tool, (kind) => (tool.writesRecords ? examples.get(kind) : undefined), audienceOf(tool, scope, settableFields(principal, tool))),
    );
  }

  private toListed(tool: ToolPolicy, examples: (kind: string) => string[] | undefined, audience: DescribedFor): ListedTool {
    const variant = `${tool.name} ${JSON.stringify(audience.example)} ${[...(audience.settable ?? [])].join(',')}`;
    let description = this.descriptions.get(variant);
    if (description === undefined) {
      description = describeTool(tool, this.config, audience);
      this.descriptions.set(variant, description);
    }
    return {
      name: tool.name,
      description,
      inputSchema: inputJsonSchema(tool.fields, 'mcp', examples, tool.text.sameFieldsAs ? ['id'] : undefined, tool.clearable),
      outputSchema: ENVELOPE_SCHEMA,
      annotations: { ...tool.annotations },
    };
  }
}

/**
 * The example call and field limit a caller's description shows: without the fields its profile may
 * not set, and without names of a kind of record it may not read (the demo's `assignee_id: "tech"`).
 */
function audienceOf(tool: ToolPolicy, scope: NameScope | undefined, settable: ReadonlySet<string> | undefined): DescribedFor {
  const specs = new Map(tool.fields.map((f) => [f.name, f]));
  const example = Object.fromEntries(
    Object.entries(tool.text.example).filter(([name]) => {
      const spec = specs.get(name);
      if (!spec) return true;
      if (settable && isRecordField(spec) && !settable.has(name)) return false;
      return !(spec.ref && isHiddenKind(referenceKind(spec.ref), scope));
    }),
  );
  return { example, ...(settable ? { settable } : {}) };
}
