import { All, Controller, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Public } from '../auth/public.decorator.js';
import { AuthService } from '../auth/auth.service.js';
import { errorEnvelope } from '../common/envelope/envelope-builder.js';
import { httpStatusOf } from '../common/errors/http-status.js';
import { ToolError } from '../common/errors/tool-error.js';
import { AppConfig } from '../config/app-config.js';
import { McpHttpProtocol } from './mcp-http.protocol.js';
import { isAllowedOrigin } from './origin.js';

/**
 * Streamable HTTP, stateless: every POST stands alone (any replica can answer it), answered with JSON.
 * The intent lock keys on the session_id tool argument, not on a transport session.
 */
@Controller('mcp')
@Public()
export class McpHttpController {
  constructor(
    private readonly auth: AuthService,
    private readonly protocol: McpHttpProtocol,
    private readonly config: AppConfig,
  ) {}

  @Post()
  async post(@Req() req: Request, @Res() res: Response): Promise<void> {
    if (!isAllowedOrigin(req.headers.origin, req.headers.host, this.config.allowedOrigins)) {
      res.status(403).json({ jsonrpc: '2.0', id: null, error: { code: -32000, message: `Origin '${req.headers.origin}' is not allowed.` } });
      return;
    }
    let principal;
    try {
      principal = await this.auth.authenticate(req.headers.authorization, 'mcp');
    } catch (error) {
      if (!(error instanceof ToolError)) throw error;
      if (error.code === 'UNAUTHENTICATED') res.setHeader('WWW-Authenticate', 'Bearer realm="intentdesk", error="invalid_token"');
      res.status(httpStatusOf(error.code)).json(errorEnvelope({ transport: 'mcp', startedAt: 0, tool: 'mcp', domain: null }, error));
      return;
    }
    if (!req.is('application/json')) {
      res.status(415).json({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Unsupported Media Type: Content-Type must be application/json' } });
      return;
    }
    const answer = await this.protocol.handle(principal, req.body, {
      accept: req.headers.accept,
      protocolVersion: typeof req.headers['mcp-protocol-version'] === 'string' ? req.headers['mcp-protocol-version'] : undefined,
    });
    if (answer.body === undefined) res.status(answer.status).end();
    else res.status(answer.status).json(answer.body);
  }

  /** No server-initiated streams and no transport sessions in stateless mode. */
  @All()
  other(@Res() res: Response): void {
    res.setHeader('Allow', 'POST');
    res.status(405).json({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Method not allowed: this endpoint is stateless; use POST.' } });
  }
}
