/** `mcp:read`: MCP with the tools that write no records only (a token a client asks for read-only use). */
export const SCOPES = ['mcp', 'mcp:read', 'api', 'admin'] as const;
export type Scope = (typeof SCOPES)[number];
/** The scopes that open MCP, fully or read-only. */
export type McpScope = Extract<Scope, 'mcp' | 'mcp:read'>;

export const DOMAINS = ['project', 'ticket', 'user'] as const;
export type Domain = (typeof DOMAINS)[number];

export const ACTIONS = ['read', 'create', 'update', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

/**
 * Rights of a profile: actions per domain; `ticket_scope: own` limits tickets to one's own (requested or observed);
 * `admin` allows the admin API (tokens, sessions, audit), so the `admin` scope of a token works.
 */
export interface ProfileRights {
  project?: Action[];
  ticket?: Action[];
  user?: Action[];
  ticket_scope?: 'all' | 'own';
  admin?: boolean;
}

/** The union of the rights of a user's profiles. */
export type MergedRights = Required<Pick<ProfileRights, 'project' | 'ticket' | 'user'>> & { ticket_scope: 'all' | 'own'; admin: boolean };

export interface Assignment {
  profileId: number;
  profileName: string;
  entityId: number;
  recursive: boolean;
}

/**
 * Which entities' records the caller may see. Never changed once made (a rights change loads a new
 * principal): the visibility conditions written for a scope are remembered with it (visibility.ts).
 */
export interface EntityScope {
  /** Entities whose records are visible (recursive assignments already expanded). */
  readonly entityIds: readonly number[];
  /** Ancestors of those: their records flagged recursive (groups, categories, locations) are visible too. */
  readonly ancestorIds: readonly number[];
}

/** The authenticated caller: a user acting through one token. */
export interface Principal {
  userId: number;
  login: string;
  displayName: string;
  tokenId: number | null;
  scopes: Scope[];
  timezone: string | null;
  language: string | null;
  assignments: Assignment[];
  /** The user's default entity (where records go when the caller names none). */
  defaultEntityId: number | null;
  scope: EntityScope;
  /**
   * Union of the rights of the caller's profiles. `settable`: per domain, the only record fields the
   * caller may set in writes (GLPI's simplified interface); a domain not listed: every field.
   */
  rights: MergedRights & { settable?: Partial<Record<Domain, readonly string[]>> };
}
