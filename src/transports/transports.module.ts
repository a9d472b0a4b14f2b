import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { OAuthModule } from '../oauth/oauth.module.js';
import { ToolsModule } from '../tools/tools.module.js';
import { ClientAddresses } from './http/client-address.js';
import { McpDispatcher } from './mcp/mcp-dispatcher.js';
import { McpHttpEndpoint } from './mcp/mcp-http.endpoint.js';
import { McpHttpProtocol } from './mcp/mcp-http.protocol.js';
import { McpMethods } from './mcp/mcp-methods.js';
import { RestCalls } from './rest/rest-calls.js';

/** Where calls come in and become Call values: MCP over HTTP and stdio, REST routes, and the HTTP client limits. */
@Module({
  imports: [AuthModule, ToolsModule, AuditModule, OAuthModule],
  providers: [McpDispatcher, McpMethods, McpHttpProtocol, McpHttpEndpoint, RestCalls, ClientAddresses],
  exports: [McpDispatcher, McpMethods, McpHttpEndpoint, RestCalls, ClientAddresses],
})
export class TransportsModule {}
