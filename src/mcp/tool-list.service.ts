import { Injectable } from '@nestjs/common';
import { fieldsOf } from '../common/input/field-spec.js';
import { inputJsonSchema, type JsonSchema } from '../common/input/json-schema.js';
import { ReferenceResolver } from '../common/references/reference-resolver.js';
import type { Principal } from '../auth/principal.js';
import { mayCall } from '../auth/rights.js';
import { AppConfig } from '../config/app-config.js';
import { ENVELOPE_SCHEMA } from './envelope-schema.js';
import { describeTool } from './tool-description.js';
import { ToolRegistry } from './tool-registry.js';
import type { ToolOptions } from './tool-definition.js';

export interface ListedTool {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  annotations: { title: string; readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean };
}

const EXAMPLES_PER_FIELD = 5;
/** Example values are re-read this often, so every replica picks up reference data changed elsewhere. */
const EXAMPLES_MAX_AGE_MS = 5 * 60_000;

/**
 * The tools/list answer. Schemas and descriptions are built once (with example names read from the
 * database) and cached; a list per set of rights is cached too, so tools/list does no work per call.
 * `refresh()` rebuilds after reference data changes.
 */
@Injectable()
export class ToolListService {
  private listed: Map<string, ListedTool> | null = null;
  private building: Promise<Map<string, ListedTool>> | null = null;
  private readonly byRights = new Map<string, ListedTool[]>();
  private builtAt = 0;
  private refreshing = false;

  constructor(
    private readonly registry: ToolRegistry,
    private readonly resolver: ReferenceResolver,
    private readonly config: AppConfig,
  ) {}

  async list(principal: Principal): Promise<ListedTool[]> {
    if (this.listed && Date.now() - this.builtAt > EXAMPLES_MAX_AGE_MS && !this.refreshing) {
      // Serve the cached list now; the next callers get the refreshed one.
      this.refreshing = true;
      void this.refresh().finally(() => (this.refreshing = false));
    }
    const key = JSON.stringify(principal.rights);
    const cached = this.byRights.get(key);
    if (cached) return cached;
    const all = await this.all();
    const visible = this.registry
      .all()
      .filter((t) => mayCall(principal, t.options))
      .map((t) => all.get(t.options.name)!);
    this.byRights.set(key, visible);
    return visible;
  }

  /** Every tool with its schemas, whoever may call it (the admin catalogue). */
  async catalogue(): Promise<ListedTool[]> {
    return [...(await this.all()).values()];
  }

  /** Rebuilds descriptions with current example values (after reference data changed). */
  async refresh(): Promise<void> {
    this.building = this.build();
    const listed = await this.building;
    if (!sameDescriptions(this.listed, listed)) {
      this.listed = listed;
      this.byRights.clear();
    }
  }

  private async all(): Promise<Map<string, ListedTool>> {
    if (this.listed) return this.listed;
    this.building ??= this.build();
    this.listed = await this.building;
    return this.listed;
  }

  private async build(): Promise<Map<string, ListedTool>> {
    const kinds = new Set<string>();
    for (const tool of this.registry.all()) for (const f of fieldsOf(tool.options.input) ?? []) if (f.ref) kinds.add(f.ref);
    const examples = new Map<string, string[]>();
    await Promise.all(
      [...kinds].map(async (kind) => examples.set(kind, await this.resolver.sampleNames(kind, undefined, EXAMPLES_PER_FIELD).catch(() => []))),
    );
    const listed = new Map<string, ListedTool>();
    for (const { options } of this.registry.all()) listed.set(options.name, this.toListed(options, (k) => examples.get(k)));
    this.builtAt = Date.now();
    return listed;
  }

  private toListed(options: ToolOptions, examples: (kind: string) => string[] | undefined): ListedTool {
    const readOnly = options.kind === 'read';
    return {
      name: options.name,
      title: options.title,
      description: describeTool(options, this.config),
      inputSchema: inputJsonSchema(options.input, 'mcp', examples),
      outputSchema: ENVELOPE_SCHEMA,
      annotations: {
        title: options.title,
        readOnlyHint: readOnly,
        destructiveHint: !readOnly && !!options.destructive,
        idempotentHint: readOnly || !!options.idempotent,
        openWorldHint: false,
      },
    };
  }
}

/** Unchanged examples keep the cached lists (and the byte-identical tools/list) as they are. */
function sameDescriptions(a: Map<string, ListedTool> | null, b: Map<string, ListedTool>): boolean {
  return !!a && a.size === b.size && [...b].every(([name, tool]) => JSON.stringify(a.get(name)) === JSON.stringify(tool));
}
