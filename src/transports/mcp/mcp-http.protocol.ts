import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { Injectable, Logger } from '@nestjs/common';
import type { Principal } from '../../auth/principal.js';
import type { McpClientInfo } from '../../tools/call.js';
import { clientOf, clientSessionOf, URL_ELICITATION_REQUIRED, urlElicitationOf } from './client-session.js';
import {
  classify,
  INTERNAL_ERROR,
  INVALID_PARAMS,
  INVALID_REQUEST,
  type JsonRpcRequest,
  type JsonRpcResponse,
  METHOD_NOT_FOUND,
  rpcError,
  SERVER_ERROR,
} from './json-rpc.js';
import { McpDispatcher, UnknownToolError } from './mcp-dispatcher.js';
import { INSTRUCTIONS, SERVER_INFO } from './mcp-server.factory.js';

export interface HttpAnswer {
  status: number;
  /** The JSON body, already serialized. */
  body?: string;
  headers?: Record<string, string>;
}

/** A result that is already JSON text (a tool's envelope, a cached tool list): spliced in, not serialized again. */
class RawJson {
  constructor(readonly json: string) {}
}

/** A tools/call result around an envelope already serialized (its text copy is that JSON, escaped). */
function toolResult(envelopeJson: string, isError: boolean): RawJson {
  return new RawJson(
    `{"content":[{"type":"text","text":${JSON.stringify(envelopeJson)}}],"structuredContent":${envelopeJson}${isError ? ',"isError":true' : ''}}`,
  );
}

/** One JSON-RPC answer as text; the bulk of it (an envelope, a tool list) is serialized once only. */
function serializeAnswer(answer: JsonRpcResponse): string {
  if ('result' in answer && answer.result instanceof RawJson) {
    return `{"jsonrpc":"2.0","id":${JSON.stringify(answer.id)},"result":${answer.result.json}}`;
  }
  return JSON.stringify(answer);
}

const MAX_BATCH = 50;

/**
 * Stateless Streamable HTTP, JSON responses: each POST is answered on its own, by any replica.
 * It speaks the same methods as the SDK server used for stdio (initialize, ping, tools/list,
 * tools/call) but without building a protocol server per request: the hot path is one dispatch.
 */
@Injectable()
export class McpHttpProtocol {
  private readonly logger = new Logger('McpHttp');

  constructor(private readonly dispatcher: McpDispatcher) {}

  async handle(principal: Principal, payload: unknown, headers: { accept?: string; protocolVersion?: string; sessionId?: string }): Promise<HttpAnswer> {
    const accept = headers.accept ?? '';
    if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
      return {
        status: 406,
        body: JSON.stringify(rpcError(null, SERVER_ERROR, 'Not Acceptable: Client must accept both application/json and text/event-stream')),
      };
    }
    if (headers.protocolVersion && !(SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(headers.protocolVersion)) {
      return {
        status: 400,
        body: JSON.stringify(
          rpcError(
            null,
            SERVER_ERROR,
            `Bad Request: Unsupported protocol version: ${headers.protocolVersion} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`,
          ),
        ),
      };
    }
    const batch = Array.isArray(payload);
    const messages = batch ? (payload as unknown[]) : [payload];
    if (messages.length === 0 || messages.length > MAX_BATCH) {
      return {
        status: 400,
        body: JSON.stringify(rpcError(null, INVALID_REQUEST, `Invalid Request: send one JSON-RPC message (or a batch of at most ${MAX_BATCH}).`)),
      };
    }
    const answers: JsonRpcResponse[] = [];
    const work: Array<Promise<JsonRpcResponse>> = [];
    const client = clientOf(headers.sessionId);
    let session: string | undefined;
    for (const raw of messages) {
      const incoming = classify(raw);
      if (incoming.kind === 'invalid') answers.push(rpcError(incoming.id, INVALID_REQUEST, 'Invalid Request: not a JSON-RPC 2.0 message.'));
      else if (incoming.kind === 'request') {
        if (incoming.message.method === 'initialize') session = clientSessionOf(incoming.message.params ?? {});
        work.push(this.answer(principal, incoming.message, client));
      }
    }
    answers.push(...(await Promise.all(work)));
    if (answers.length === 0) return { status: 202 };
    const invalidOnly = work.length === 0;
    const body = batch ? `[${answers.map(serializeAnswer).join(',')}]` : serializeAnswer(answers[0]);
    return { status: invalidOnly ? 400 : 200, body, ...(session ? { headers: { 'Mcp-Session-Id': session } } : {}) };
  }

  private async answer(principal: Principal, request: JsonRpcRequest, client: McpClientInfo): Promise<JsonRpcResponse> {
    const params = request.params ?? {};
    try {
      switch (request.method) {
        case 'initialize': {
          const asked = typeof params.protocolVersion === 'string' ? params.protocolVersion : '';
          const protocolVersion = (SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(asked) ? asked : LATEST_PROTOCOL_VERSION;
          return {
            jsonrpc: '2.0',
            id: request.id,
            result: { protocolVersion, capabilities: { tools: { listChanged: false } }, serverInfo: SERVER_INFO, instructions: INSTRUCTIONS },
          };
        }
        case 'ping':
          return { jsonrpc: '2.0', id: request.id, result: {} };
        case 'tools/list':
          return { jsonrpc: '2.0', id: request.id, result: new RawJson(await this.dispatcher.listToolsJson(principal)) };
        case 'tools/call': {
          if (typeof params.name !== 'string') return rpcError(request.id, INVALID_PARAMS, 'tools/call needs params.name (the tool name).');
          const args = params.arguments;
          if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args))) {
            return rpcError(request.id, INVALID_PARAMS, 'tools/call params.arguments must be an object.');
          }
          const result = await this.dispatcher.callTool(principal, params.name, args as Record<string, unknown> | undefined, client);
          const elicitation = client.urlElicitation ? urlElicitationOf(result) : undefined;
          if (elicitation) return rpcError(request.id, URL_ELICITATION_REQUIRED, elicitation.message, { elicitations: [elicitation] });
          return { jsonrpc: '2.0', id: request.id, result: toolResult(result.content[0].text, result.isError === true) };
        }
        default:
          return rpcError(
            request.id,
            METHOD_NOT_FOUND,
            `Method not found: ${request.method.slice(0, 100)}. This server offers initialize, ping, tools/list and tools/call.`,
          );
      }
    } catch (error) {
      if (error instanceof UnknownToolError) return rpcError(request.id, INVALID_PARAMS, error.message, { did_you_mean: error.suggestions });
      this.logger.error(`MCP ${request.method} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return rpcError(request.id, INTERNAL_ERROR, 'Internal error.');
    }
  }
}
