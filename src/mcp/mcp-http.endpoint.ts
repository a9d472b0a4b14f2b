import { Injectable, Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { AuthService } from '../auth/auth.service.js';
import type { Principal } from '../auth/principal.js';
import { errorEnvelope } from '../common/envelope/envelope-builder.js';
import { httpStatusOf } from '../common/errors/http-status.js';
import { ToolError } from '../common/errors/tool-error.js';
import { AppConfig } from '../config/app-config.js';
import { INTERNAL_ERROR, rpcError, SERVER_ERROR } from './json-rpc.js';
import { McpHttpProtocol } from './mcp-http.protocol.js';
import { isAllowedOrigin } from './origin.js';

export const MCP_PATH = '/mcp';

/**
 * Streamable HTTP, stateless: every POST stands alone (any replica can answer it), answered with JSON.
 * The intent lock keys on the session_id tool argument, not on a transport session. Mounted on the
 * HTTP server directly, ahead of the REST router: the endpoint authenticates the caller itself, and
 * each tool call inside it runs through the global chain.
 */
@Injectable()
export class McpHttpEndpoint {
  private readonly logger = new Logger('McpHttp');

  constructor(
    private readonly auth: AuthService,
    private readonly protocol: McpHttpProtocol,
    private readonly config: AppConfig,
  ) {}

  /** Express handler for MCP_PATH. */
  readonly handler = (req: Request, res: Response, next: NextFunction): void => {
    if (req.path !== '/') return next();
    this.handle(req, res).catch((error: unknown) => {
      this.logger.error(`MCP request failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!res.headersSent) res.status(500).json(rpcError(null, INTERNAL_ERROR, 'Internal error.'));
    });
  };

  private async handle(req: Request, res: Response): Promise<void> {
    if (req.method !== 'POST') {
      // No server-initiated streams and no transport sessions in stateless mode.
      res.setHeader('Allow', 'POST');
      res.status(405).json(rpcError(null, SERVER_ERROR, 'Method not allowed: this endpoint is stateless; use POST.'));
      return;
    }
    if (!isAllowedOrigin(req.headers.origin, req.headers.host, this.config.allowedOrigins)) {
      res.status(403).json(rpcError(null, SERVER_ERROR, `Origin '${String(req.headers.origin).slice(0, 200)}' is not allowed.`));
      return;
    }
    const principal = await this.authenticate(req, res);
    if (!principal) return;
    if (!req.is('application/json')) {
      res.status(415).json(rpcError(null, SERVER_ERROR, 'Unsupported Media Type: Content-Type must be application/json'));
      return;
    }
    const version = req.headers['mcp-protocol-version'];
    const answer = await this.protocol.handle(principal, req.body, {
      accept: req.headers.accept,
      protocolVersion: typeof version === 'string' ? version : undefined,
    });
    if (answer.body === undefined) res.status(answer.status).end();
    else res.status(answer.status).type('application/json').send(answer.body);
  }

  /** The caller, or undefined after answering 401 (with WWW-Authenticate) or 403. */
  private async authenticate(req: Request, res: Response): Promise<Principal | undefined> {
    try {
      return await this.auth.authenticate(req.headers.authorization, 'mcp');
    } catch (error) {
      if (!(error instanceof ToolError)) throw error;
      if (error.code === 'UNAUTHENTICATED') res.setHeader('WWW-Authenticate', 'Bearer realm="intentdesk", error="invalid_token"');
      if (error.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(error.retryAfterSeconds));
      res.status(httpStatusOf(error.code)).json(errorEnvelope({ transport: 'mcp', startedAt: 0, tool: 'mcp', domain: null }, error));
      return undefined;
    }
  }
}
