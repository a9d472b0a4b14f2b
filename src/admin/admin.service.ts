import { Injectable } from '@nestjs/common';
import { AuthService } from '../auth/auth.service.js';
import type { Scope } from '../auth/principal.js';
import { PrincipalLoader } from '../auth/principal.loader.js';
import { allowedScopes, rightsBeyond } from '../auth/rights.js';
import { DURATION_FORMS, parseDuration } from '../auth/token-hash.js';
import { type TokenRecord, TokensService, tokenState } from '../auth/tokens.service.js';
import { toDate } from '../database/db-dates.js';
import { formatDate } from '../dates/dates.js';
import { DeskError } from '../envelope/desk-error.js';
import { type Outcome, resolvedReference } from '../envelope/envelope.js';
import { metaOf } from '../input/input-meta.js';
import { type SessionRow, SessionsRepository } from '../session/sessions.repository.js';
import type { Call } from '../tools/call.js';
import { ToolListService } from '../tools/tool-list.service.js';
import { ToolRegistry } from '../tools/tool-registry.js';
import { refuseProblems } from '../writes/all-problems.js';
import { AuditQueryService } from './audit-query.service.js';
import { toolFilterIssues } from './audit-tool-filter.js';
import type { AuditQueryDto, CreateTokenDto, ListSessionsDto, ListTokensDto, SessionIdDto, TokenIdDto } from './dto/admin.dto.js';

/** Scopes of a token when none are asked for: MCP only (a model's token cannot write over REST). */
const DEFAULT_SCOPES: Scope[] = ['mcp'];

/** Admin operations. Token secrets are returned once at creation and stored nowhere but as a hash. */
@Injectable()
export class AdminService {
  constructor(
    private readonly tokens: TokensService,
    private readonly auth: AuthService,
    private readonly principals: PrincipalLoader,
    private readonly sessions: SessionsRepository,
    private readonly auditQuery: AuditQueryService,
    private readonly toolList: ToolListService,
    private readonly registry: ToolRegistry,
  ) {}

  async listTokens(input: ListTokensDto, call: Call): Promise<Outcome> {
    const items = (await this.tokens.list({ users_id: input.user })).map((t) => this.tokenView(t, call.zone));
    return { message: `${items.length} token(s).`, data: { items, total: items.length } };
  }

  async createToken(input: CreateTokenDto, call: Call): Promise<Outcome> {
    const expiresIn = input.expires_in ? parseDuration(input.expires_in) : null;
    if (input.expires_in && !expiresIn) {
      throw DeskError.validation(undefined, [
        {
          field: 'expires_in',
          code: 'INVALID_VALUE',
          received: input.expires_in,
          message: `expires_in must look like ${DURATION_FORMS}.`,
          expected: DURATION_FORMS,
        },
      ]);
    }
    const scopes = (input.scopes ?? DEFAULT_SCOPES) as Scope[];
    await this.assertMayMakeToken(call, input.user, resolvedReference(metaOf(input).resolved, 'user')?.name ?? `user ${input.user}`, scopes);
    const { token, record, login } = await this.tokens.create(input.user, scopes, expiresIn ?? null, input.name);
    return {
      message: `Token ${record.id} created for ${login}. It is shown only in this response.`,
      id: record.id,
      applied: { users_id: record.users_id, scopes: record.scopes, expires_at: formatDate(record.expires_at, call.zone), name: record.name },
      data: { ...this.tokenView(record, call.zone), token },
    };
  }

  /**
   * A token acts with its user's rights: an administrator makes tokens only for users whose rights
   * they hold, and an admin scope only for a user whose profile gives the admin right (it would never
   * work otherwise). The CLI, the operator's own tool, is not bound by this.
   */
  private async assertMayMakeToken(call: Call, userId: number, who: string, scopes: Scope[]): Promise<void> {
    const caller = call.principal;
    const target = await this.principals.rightsOf(userId);
    const extra = rightsBeyond(caller.rights, target);
    if (extra.length) {
      throw new DeskError('FORBIDDEN', `You cannot create a token for ${who}: it would act with rights your own profiles lack (${extra.join(', ')}).`);
    }
    const refused = scopes.filter((scope) => !allowedScopes(target).includes(scope));
    if (refused.length) {
      throw DeskError.validation(undefined, [
        {
          field: 'scopes',
          code: 'INVALID_VALUE',
          received: scopes,
          message: `The profile of ${who} gives no admin right, so the scope ${refused.join(', ')} would never work. Leave it out.`,
          available: allowedScopes(target),
        },
      ]);
    }
  }

  async revokeToken(input: TokenIdDto, call: Call): Promise<Outcome> {
    const record = await this.tokens.revoke(input.id);
    this.auth.invalidate();
    return { message: `Token ${record.id} revoked.`, id: record.id, applied: { revoked: true }, data: this.tokenView(record, call.zone) };
  }

  async listSessions(input: ListSessionsDto, call: Call): Promise<Outcome> {
    const items = (await this.sessions.list({ users_id: input.user, live: input.live, limit: input.limit })).map((s) => this.sessionView(s, call.zone));
    return { message: `${items.length} session(s).`, data: { items, total: items.length } };
  }

  async getSession(input: SessionIdDto, call: Call): Promise<Outcome> {
    const row = await this.sessions.get(input.id);
    if (!row) throw DeskError.notFound('Session', input.id);
    const audit = await this.auditQuery.query({ session_id: row.id, limit: 50 });
    return {
      message: `Session ${row.id}.`,
      id: row.id,
      data: { ...this.sessionView(row, call.zone), recent_calls: audit.rows.map((a) => this.auditView(a, call.zone)) },
    };
  }

  async endSession(input: SessionIdDto): Promise<Outcome> {
    const row = await this.sessions.get(input.id);
    if (!row) throw DeskError.notFound('Session', input.id);
    const ended = await this.sessions.end(row.id);
    return { message: ended ? `Session ${row.id} ended.` : `Session ${row.id} was already ended.`, id: row.id, applied: { ended: true } };
  }

  async audit(input: AuditQueryDto, call: Call): Promise<Outcome> {
    // A tool filter naming no tool is refused with the filters' other problems (AuditQueryDto leaves them here).
    refuseProblems(call, input, toolFilterIssues(input.tool, input.outcome, this.registry.names()));
    const { rows, next_cursor } = await this.auditQuery.query(input);
    return {
      message: `${rows.length} audit entr${rows.length === 1 ? 'y' : 'ies'}.`,
      data: { items: rows.map((r) => this.auditView(r, call.zone)), next_cursor },
    };
  }

  async tools(): Promise<Outcome> {
    const tools = await this.toolList.catalogue();
    return { message: `${tools.length} tools.`, data: { items: tools, total: tools.length } };
  }

  private tokenView(t: TokenRecord, zone: string): Record<string, unknown> {
    return {
      id: t.id,
      users_id: t.users_id,
      name: t.name,
      prefix: t.prefix,
      scopes: t.scopes,
      state: tokenState(t),
      expires_at: formatDate(t.expires_at, zone),
      revoked_at: formatDate(t.revoked_at, zone),
      last_used_at: formatDate(t.last_used_at, zone),
      created_at: formatDate(t.created_at, zone),
    };
  }

  private sessionView(s: SessionRow, zone: string): Record<string, unknown> {
    const now = Date.now();
    return {
      id: s.id,
      users_id: s.users_id,
      domain: s.domain,
      live: !s.ended_at && s.expires_at.getTime() > now,
      verified: !!s.verified_until && s.verified_until.getTime() > now,
      verified_until: formatDate(s.verified_until, zone),
      verification_locked_until: formatDate(s.otp_locked_until, zone),
      switch_count: s.switch_count,
      created_at: formatDate(s.created_at, zone),
      last_seen_at: formatDate(s.last_seen_at, zone),
      expires_at: formatDate(s.expires_at, zone),
      ended_at: formatDate(s.ended_at, zone),
    };
  }

  private auditView(a: Record<string, unknown>, zone: string): Record<string, unknown> {
    let changes: unknown = null;
    if (typeof a.changes === 'string') {
      try {
        changes = JSON.parse(a.changes);
      } catch {
        changes = a.changes;
      }
    }
    return {
      id: Number(a.id),
      at: formatDate(toDate(a.at as Date | string), zone),
      users_id: a.users_id === null ? null : Number(a.users_id),
      token_id: a.token_id === null || a.token_id === undefined ? null : Number(a.token_id),
      session_id: a.session_id,
      request_id: a.request_id ?? null,
      transport: a.transport,
      tool: a.tool,
      route: a.route,
      domain: a.domain,
      outcome: a.outcome,
      duration_ms: Number(a.duration_ms),
      changes,
      message: a.message,
    };
  }
}
