import type { IncomingMessage, ServerResponse } from 'node:http';
import { Injectable, Logger } from '@nestjs/common';
import { AuditService } from '../../audit/audit.service.js';
import { AuthService, ScopeRefused } from '../../auth/auth.service.js';
import type { Principal } from '../../auth/principal.js';
import { MCP_TOKEN_COMMAND } from '../../auth/token-howto.js';
import { AppConfig } from '../../config/app-config.js';
import { DeskError } from '../../envelope/desk-error.js';
import { MCP_PATH } from '../../envelope/entry-points.js';
import { errorEnvelope } from '../../envelope/envelope-builder.js';
import { toDeskError } from '../../envelope/error-mapping.js';
import { errorHeaders, httpStatusOf } from '../../envelope/http-status.js';
import { writeEmpty, writeJson, writeWhole } from '../../envelope/whole-answer.js';
import { insufficientScopeChallenge, unauthorizedChallenge } from '../../oauth/bearer-challenge.js';
import { OAuthUrls } from '../../oauth/oauth-urls.js';
import { scopeShortfall } from '../../oauth/scope-shortfall.js';
import { errorDetail } from '../../observe/error-detail.js';
import { Metrics } from '../../observe/metrics.js';
import { requestIdOf } from '../../observe/request-id.js';
import { step } from '../../observe/tracing.js';
import { answerAtTurnEnd } from '../../observe/turn-end.js';
import type { CallTrace } from '../../tools/call.js';
import { ToolRegistry } from '../../tools/tool-registry.js';
import { ClientAddresses } from '../http/client-address.js';
import { byteSize, readJsonBody, refuseMediaType } from './http-body.js';
import { classify, INTERNAL_ERROR, PARSE_ERROR, rpcError, SERVER_ERROR, UNAUTHORIZED } from './json-rpc.js';
import { type HttpAnswer, McpHttpProtocol } from './mcp-http.protocol.js';
import { allowOrigin, isAllowedOrigin, isPreflight, preflightHeaders } from './origin.js';

/** `/mcp`, `/mcp/`, with or without a query string. */
export function isMcpPath(url: string | undefined): boolean {
  if (!url?.startsWith(MCP_PATH)) return false;
  const rest = url.slice(MCP_PATH.length);
  return rest === '' || rest === '/' || rest.startsWith('?') || rest.startsWith('/?');
}

/**
 * Streamable HTTP, stateless: every POST stands alone (any replica can answer it), answered with JSON.
 * The intent lock keys on the session_id tool argument, not on a transport session. Served on the
 * Node HTTP server directly, ahead of the REST framework (no router, body parser or response
 * helpers on the hot path): the endpoint reads and checks the request itself, authenticates the
 * caller, and each tool call inside it runs through the global chain.
 */
@Injectable()
export class McpHttpEndpoint {
  private readonly logger = new Logger('McpHttp');
  private readonly bodyLimit: number;

  constructor(
    private readonly auth: AuthService,
    private readonly protocol: McpHttpProtocol,
    private readonly config: AppConfig,
    private readonly addresses: ClientAddresses,
    private readonly audit: AuditService,
    private readonly urls: OAuthUrls,
    private readonly registry: ToolRegistry,
    private readonly metrics: Metrics,
  ) {
    this.bodyLimit = byteSize(config.bodyLimit);
  }

  /** Node `request` handler for MCP_PATH. Answers of requests served side by side are written in one burst (turn-end.ts). */
  readonly handler = (req: IncomingMessage, res: ServerResponse): void => {
    this.handle(req, res).then(
      (answer) => answer && answerAtTurnEnd(() => this.write(res, answer)),
      (error: unknown) => {
        this.logger.error(`MCP request ${requestIdOf(req)} failed: ${errorDetail(error)}`);
        if (!res.headersSent) writeJson(res, 500, JSON.stringify(rpcError(null, INTERNAL_ERROR, 'Internal error.')));
      },
    );
  };

  /** Writes `answer`; a write that throws (the socket gone) is logged, and the turn's other answers are still written. */
  private write(res: ServerResponse, answer: HttpAnswer): void {
    try {
      if (answer.type !== undefined && answer.body !== undefined) writeWhole(res, answer.status, answer.type, answer.body, answer.headers);
      else writeJson(res, answer.status, answer.body, answer.headers);
    } catch (error) {
      this.logger.error(`MCP answer not written: ${errorDetail(error)}`);
    }
  }

  /** The protocol's answer to write; undefined when the request was refused (and answered) before it reached the protocol. */
  private async handle(req: IncomingMessage, res: ServerResponse): Promise<HttpAnswer | undefined> {
    const origin = req.headers.origin;
    if (!isAllowedOrigin(origin, this.config.allowedOrigins)) {
      writeJson(res, 403, JSON.stringify(rpcError(null, SERVER_ERROR, `Origin '${String(origin).slice(0, 200)}' is not allowed.`)));
      return;
    }
    // A page of an allowed origin (a browser-based client) may read every answer, refusals included.
    if (origin !== undefined) allowOrigin(res, origin);
    if (isPreflight(req.method, req.headers)) {
      writeEmpty(res, 204, preflightHeaders(req.headers));
      return;
    }
    if (req.method !== 'POST') {
      // No server-initiated streams and no transport sessions in stateless mode.
      writeJson(res, 405, JSON.stringify(rpcError(null, SERVER_ERROR, 'Method not allowed: this endpoint is stateless; use POST.')), { Allow: 'POST' });
      return;
    }
    const principal = await this.authenticate(req, res);
    if (!principal) return;
    const refused = refuseMediaType(req);
    if (refused) {
      writeJson(res, refused.status, JSON.stringify(rpcError(null, SERVER_ERROR, refused.message)));
      return;
    }
    const body = await readJsonBody(req, this.bodyLimit);
    if (!body.ok) {
      writeJson(res, body.status, JSON.stringify(rpcError(null, body.parseError ? PARSE_ERROR : SERVER_ERROR, body.message)));
      return;
    }
    const needed = scopeShortfall(principal, body.value, (name) => this.registry.get(name)?.policy);
    if (needed) {
      const error = new DeskError(
        'FORBIDDEN',
        `Forbidden: this token is read-only (mcp:read); the call needs the '${needed}' scope. Sign in again asking for it.`,
      );
      const trace: CallTrace = {
        transport: 'mcp',
        requestId: requestIdOf(req),
        startedAt: performance.now(),
        tool: null,
        route: `${req.method} ${MCP_PATH}`,
        domain: null,
        principal,
        sessionId: null,
      };
      this.audit.recordRefusal(trace, error);
      // Answered as the request's own answer (a batch, refused whole, has no one id: null), with the
      // error envelope as data, as every refusal on /mcp.
      const incoming = Array.isArray(body.value) ? undefined : classify(body.value);
      const id = incoming?.kind === 'request' ? incoming.message.id : incoming?.kind === 'invalid' ? incoming.id : null;
      writeJson(res, 403, JSON.stringify(rpcError(id, SERVER_ERROR, error.message, errorEnvelope({ ...trace, tool: 'mcp' }, error))), {
        'WWW-Authenticate': insufficientScopeChallenge(this.urls.resourceMetadata(req), needed),
      });
      return;
    }
    return this.protocol.handle(principal, body.value, {
      accept: req.headers.accept,
      protocolVersion: singleHeader(req, 'mcp-protocol-version'),
      method: singleHeader(req, 'mcp-method'),
      name: singleHeader(req, 'mcp-name'),
      requestId: requestIdOf(req),
      sessionId: singleHeader(req, 'mcp-session-id'),
    });
  }

  /**
   * The caller, or undefined after answering 401 (with WWW-Authenticate), 403, or 429 (Retry-After)
   * to an address past its budget of missing, malformed or unknown tokens. Refusals are audited as REST's are.
   */
  private async authenticate(req: IncomingMessage, res: ServerResponse): Promise<Principal | undefined> {
    const startedAt = performance.now();
    try {
      // One token check for the whole request (a batch's calls share it): a step of the HTTP request's span.
      return await step(undefined, 'auth', () => this.auth.authenticate(req.headers.authorization, 'mcp', this.addresses.of(req)));
    } catch (thrown) {
      // A token check that cannot reach the database is UNAVAILABLE (retry later), like any call.
      const { error, internal } = toDeskError(thrown);
      this.metrics.countFault(thrown);
      if (internal) this.logger.error(`MCP authentication failed: ${thrown instanceof Error ? thrown.message : String(thrown)}`);
      const trace: CallTrace = {
        transport: 'mcp',
        requestId: requestIdOf(req),
        startedAt,
        tool: null,
        route: `${req.method} ${MCP_PATH}`,
        domain: null,
        // A token without the mcp scope is still its user's: the refusal says who.
        principal: thrown instanceof ScopeRefused ? thrown.principal : null,
        sessionId: null,
      };
      this.audit.recordRefusal(trace, error);
      const tokenSent = req.headers.authorization !== undefined;
      const headers = errorHeaders(error, tokenSent);
      // Where an OAuth client finds the authorization server (RFC 9728).
      if (error.code === 'UNAUTHENTICATED') headers['WWW-Authenticate'] = unauthorizedChallenge(this.urls.resourceMetadata(req), tokenSent);
      const envelope = errorEnvelope({ ...trace, tool: 'mcp' }, error);
      // Every refusal on /mcp is a JSON-RPC error an MCP client can read, with the envelope (code,
      // retryable, retry_after_seconds) as its data. A client without OAuth shows the body: a missing
      // token says how to get one. (The request is not read: a refused address costs no more.)
      const body =
        error.code === 'UNAUTHENTICATED'
          ? rpcError(
              null,
              UNAUTHORIZED,
              `Unauthorized: ${error.message} Sign in with OAuth, or create a token on the server with: ${MCP_TOKEN_COMMAND}`,
              envelope,
            )
          : rpcError(null, SERVER_ERROR, error.message, envelope);
      writeJson(res, httpStatusOf(error.code), JSON.stringify(body), headers);
      return undefined;
    }
  }
}

/** A header sent once, as a string (Node joins repeated custom headers with ', '). */
function singleHeader(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
}
