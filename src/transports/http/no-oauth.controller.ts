import { All, Controller } from '@nestjs/common';
import { Public } from '../../auth/public.decorator.js';
import { MCP_TOKEN_COMMAND } from '../../auth/token-howto.js';
import { DeskError } from '../../envelope/desk-error.js';
import { DocHidden } from '../rest/route-doc.decorator.js';

/**
 * Where OAuth clients look after a 401 (metadata, then the default endpoints of the MCP
 * authorization spec): still 404, so nothing is advertised, but saying what to do instead. Clients
 * print this answer (mcp-remote: "Dynamic Client Registration rejected (HTTP 404): …"), and a
 * generic "No such route" left users guessing.
 */
@DocHidden()
@Controller()
@Public()
export class NoOAuthController {
  @All([
    '.well-known/oauth-protected-resource{/*path}',
    '.well-known/oauth-authorization-server{/*path}',
    '.well-known/openid-configuration{/*path}',
    'register',
    'authorize',
    'token',
  ])
  explain(): never {
    throw new DeskError(
      'NOT_FOUND',
      `This server has no OAuth: send a bearer token (Authorization: Bearer <token>). Create one on the server with: ${MCP_TOKEN_COMMAND}`,
    );
  }
}
