import { Injectable, Logger } from '@nestjs/common';
import type { Principal } from '../../auth/principal.js';
import { errorDetail } from '../../observe/error-detail.js';
import { type CallIdentity, identityOfCall } from '../../observe/request-id.js';
import type { McpClientInfo } from '../../tools/call.js';
import { TOOL_LIST_MAX_AGE_MS } from '../../tools/tool-list.service.js';
import { modernClientOf, UNKNOWN_CLIENT, urlElicitationOf, urlElicitationRequired } from './client-session.js';
import { approvalInputRequired, approvalRetryOf } from './input-required.js';
import {
  classify,
  INTERNAL_ERROR,
  INVALID_PARAMS,
  INVALID_REQUEST,
  invalidRequest,
  type JsonRpcId,
  type JsonRpcRequest,
  type JsonRpcResponse,
  METHOD_NOT_FOUND,
  parseJsonRpc,
  rpcError,
} from './json-rpc.js';
import { McpDispatcher, UnknownToolError } from './mcp-dispatcher.js';
import { classifyRevision, type Era, LEGACY_VERSIONS, META_SERVER_INFO, SUPPORTED_VERSIONS } from './mcp-revisions.js';
import { INSTRUCTIONS, LATEST_PROTOCOL_VERSION, SERVER_INFO } from './mcp-server-info.js';

/** A result that is already JSON text (a tool's envelope, a cached tool list): spliced in, not serialized again. */
export class RawJson {
  constructor(readonly json: string) {}
}

/** One JSON-RPC answer as text; the bulk of it (an envelope, a tool list) is serialized once only. */
export function serializeAnswer(answer: JsonRpcResponse): string {
  if ('result' in answer && answer.result instanceof RawJson) {
    return `{"jsonrpc":"2.0","id":${JSON.stringify(answer.id)},"result":${answer.result.json}}`;
  }
  return JSON.stringify(answer);
}

/** The answer to a call of a tool that does not exist: its message names the closest tools, and so does its data. */
export function unknownTool(id: JsonRpcId, error: UnknownToolError): JsonRpcResponse {
  return rpcError(id, INVALID_PARAMS, error.message, { did_you_mean: error.suggestions });
}

const MAX_BATCH = 50;

/**
 * A JSON-RPC batch answered: refused whole (one error), or the answers to its requests (none when
 * it held notifications and responses only); `ran` says whether any method ran.
 */
export type BatchAnswer = { refused: JsonRpcResponse } | { answers: JsonRpcResponse[]; ran: boolean };

const METHODS: Readonly<Record<Era, readonly string[]>> = {
  legacy: ['initialize', 'ping', 'tools/list', 'tools/call'],
  modern: ['server/discover', 'tools/list', 'tools/call'],
};

/**
 * What every 2026-07-28 result opens with: it is complete (no further round trip needed) and names
 * the server, since there is no handshake that would have named it.
 */
const MODERN_HEAD = `"resultType":"complete","_meta":${JSON.stringify({ [META_SERVER_INFO]: SERVER_INFO })}`;
/**
 * tools/list's cache hints: fresh as long as the server's own list (its examples are re-read at
 * that age), and private, because the list depends on the caller's rights and entities.
 */
const TOOL_LIST_HINTS = `"ttlMs":${TOOL_LIST_MAX_AGE_MS},"cacheScope":"private"`;
/** Discovery says the same to every caller; an hour keeps a deployment's change visible the same day. */
const DISCOVER_RESULT = new RawJson(
  modernJson(
    JSON.stringify({ supportedVersions: SUPPORTED_VERSIONS, capabilities: { tools: {} }, instructions: INSTRUCTIONS, ttlMs: 3_600_000, cacheScope: 'public' }),
  ),
);

/** Splices the modern head (and hints) into a result object serialized without them. */
function modernJson(json: string, hints?: string): string {
  return `{${MODERN_HEAD},${hints ? `${hints},` : ''}${json.slice(1)}`;
}
/** The server's name in a modern result's `_meta`, serialized once: `_meta` then adds the call's request id. */
const MODERN_META_HEAD = `${JSON.stringify(META_SERVER_INFO)}:${JSON.stringify(SERVER_INFO)},`;
/** The modern tools/list result; a constant function, so the tool list caches its output with the list. */
const modernToolList = (json: string): string => modernJson(json, TOOL_LIST_HINTS);

/**
 * A tools/call result around an envelope already serialized (its text copy is that JSON, escaped),
 * with the call's request id in `_meta` — beside the server's name in a modern result, one `_meta`.
 */
function toolResultJson(envelopeJson: string, isError: boolean, requestId: string, era: Era): string {
  const head = era === 'modern' ? '"resultType":"complete",' : '';
  const meta = `{${era === 'modern' ? MODERN_META_HEAD : ''}"request_id":${JSON.stringify(requestId)}}`;
  return `{${head}"content":[{"type":"text","text":${JSON.stringify(envelopeJson)}}],"structuredContent":${envelopeJson}${isError ? ',"isError":true' : ''},"_meta":${meta}}`;
}

/** What callArguments answers for arguments that are no object. */
const NOT_AN_OBJECT: unique symbol = Symbol('not an object');

/**
 * tools/call's arguments: the object sent (none: undefined), or the object a JSON text holds. A
 * bridge between a model's function calling and MCP may pass the arguments on as the text the model
 * wrote them in; that text is read, not refused. Null, a blank text or the text `null` are no
 * arguments, as a tool without any is often called: the tool then names what it needs. Anything
 * else is NOT_AN_OBJECT.
 */
function callArguments(args: unknown): Record<string, unknown> | undefined | typeof NOT_AN_OBJECT {
  const text = typeof args === 'string' ? args.trim() : undefined;
  const value = text === undefined ? args : text === '' || text === 'null' ? null : parseJsonRpc(text);
  if (value === undefined || value === null) return undefined;
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : NOT_AN_OBJECT;
}

/**
 * The MCP methods this server offers, in both eras, for every transport that answers them itself
 * (HTTP in both eras, stdio in the modern one): the same tools, listed and called the same way; a
 * modern result also carries `resultType`, the server's name and, for lists, cache hints.
 */
@Injectable()
export class McpMethods {
  private readonly logger = new Logger('Mcp');

  constructor(private readonly dispatcher: McpDispatcher) {}

  /** True when `method` exists in `era`: the HTTP status of a modern refusal depends on it. */
  static offers(era: Era, method: string): boolean {
    return METHODS[era].includes(method);
  }

  /**
   * `requestId` gives the id of the transport's request: a tool call keeps it unless its `_meta` names a trace.
   * `client`: what the client declared (URL elicitation for approvals).
   */
  async answer(
    principal: Principal,
    request: JsonRpcRequest,
    era: Era,
    requestId: () => string,
    client: McpClientInfo = UNKNOWN_CLIENT,
  ): Promise<JsonRpcResponse> {
    const params = request.params ?? {};
    if (!McpMethods.offers(era, request.method)) {
      return rpcError(request.id, METHOD_NOT_FOUND, `Method not found: ${request.method.slice(0, 100)}. This server offers ${METHODS[era].join(', ')}.`);
    }
    try {
      switch (request.method) {
        case 'initialize': {
          const asked = typeof params.protocolVersion === 'string' ? params.protocolVersion : '';
          const protocolVersion = LEGACY_VERSIONS.includes(asked) ? asked : LATEST_PROTOCOL_VERSION;
          return {
            jsonrpc: '2.0',
            id: request.id,
            result: { protocolVersion, capabilities: { tools: { listChanged: false } }, serverInfo: SERVER_INFO, instructions: INSTRUCTIONS },
          };
        }
        case 'ping':
          return { jsonrpc: '2.0', id: request.id, result: {} };
        case 'server/discover':
          return { jsonrpc: '2.0', id: request.id, result: DISCOVER_RESULT };
        case 'tools/list': {
          const json = await this.dispatcher.listToolsJson(principal, era === 'modern' ? modernToolList : undefined);
          return { jsonrpc: '2.0', id: request.id, result: new RawJson(json) };
        }
        default: {
          // tools/call, the one method left in both eras
          if (typeof params.name !== 'string') return rpcError(request.id, INVALID_PARAMS, 'tools/call needs params.name (the tool name).');
          const args = callArguments(params.arguments);
          if (args === NOT_AN_OBJECT) return rpcError(request.id, INVALID_PARAMS, 'tools/call params.arguments must be an object.');
          const identity = identityOfCall(params._meta, requestId);
          const callId = identity.requestId;
          if (era === 'modern') return await this.callModern(request, params.name, args, identity, principal);
          const result = await this.dispatcher.callTool(principal, params.name, args, identity, client);
          const elicitation = client.urlElicitation ? urlElicitationOf(result) : undefined;
          if (elicitation) return urlElicitationRequired(request.id, elicitation);
          return { jsonrpc: '2.0', id: request.id, result: new RawJson(toolResultJson(result.content[0].text, result.isError === true, callId, era)) };
        }
      }
    } catch (error) {
      if (error instanceof UnknownToolError) return unknownTool(request.id, error);
      this.logger.error(`MCP ${request.method} failed: ${errorDetail(error)}`);
      return rpcError(request.id, INTERNAL_ERROR, 'Internal error.');
    }
  }

  /**
   * A JSON-RPC batch, on any transport: 2025 traffic only (a 2026-07-28 request is sent alone), at
   * most MAX_BATCH messages, answered in one array: first the messages refused, then the requests
   * in their order. Its calls all have the transport's request id (one request). The requests run
   * one after another, in the batch's order: a call after a domain_switch in the same batch is
   * judged by the session as the switch left it (run side by side, it was judged by the session as
   * it was before, and a write of the old domain ran after the switch). `refusedByTransport` is
   * what the transport refuses a request for (over HTTP: mirrored headers the request contradicts).
   */
  async answerBatch(
    principal: Principal,
    messages: unknown[],
    requestId: () => string,
    client: McpClientInfo,
    refusedByTransport: (request: JsonRpcRequest) => JsonRpcResponse | undefined = () => undefined,
  ): Promise<BatchAnswer> {
    if (messages.length === 0 || messages.length > MAX_BATCH) {
      return { refused: rpcError(null, INVALID_REQUEST, `Invalid Request: send one JSON-RPC message (or a batch of at most ${MAX_BATCH}).`) };
    }
    const answers: JsonRpcResponse[] = [];
    const requests: JsonRpcRequest[] = [];
    for (const raw of messages) {
      const incoming = classify(raw);
      if (incoming.kind === 'invalid') answers.push(invalidRequest(incoming.id));
      else if (incoming.kind === 'request') {
        const verdict = classifyRevision(incoming.message.id, incoming.message.params, undefined, false);
        const refused = verdict.era === 'legacy' ? refusedByTransport(incoming.message) : undefined;
        if (refused) answers.push(refused);
        else if (verdict.era === 'legacy') requests.push(incoming.message);
        else
          answers.push(
            verdict.era === 'refused'
              ? verdict.error
              : rpcError(incoming.message.id, INVALID_REQUEST, 'Invalid Request: a 2026-07-28 request is sent alone, not in a batch.'),
          );
      }
    }
    for (const request of requests) answers.push(await this.answer(principal, request, 'legacy', requestId, client));
    return { answers, ran: requests.length > 0 };
  }

  /**
   * A 2026-07-28 tools/call. The client is the one its `_meta` describes. A held write asks a client
   * that takes URL-mode elicitation for the approval as an input-required result; its retry echoes
   * the approval id as `requestState`, and the call runs under that approval as if it named it in
   * approval_id, so the write unit's approval check decides (same payload, once). A user who
   * declined to open the page gets the APPROVAL_REQUIRED envelope instead of the same question.
   */
  private async callModern(
    request: JsonRpcRequest,
    name: string,
    args: Record<string, unknown> | undefined,
    identity: CallIdentity,
    principal: Principal,
  ): Promise<JsonRpcResponse> {
    const callId = identity.requestId;
    const params = request.params ?? {};
    const client = modernClientOf(params._meta as Record<string, unknown> | undefined);
    const retry = approvalRetryOf(params);
    if (typeof retry === 'string') return rpcError(request.id, INVALID_PARAMS, `Invalid params: ${retry}`);
    const callArgs = retry ? { ...args, approval_id: retry.approvalId } : args;
    const result = await this.dispatcher.callTool(principal, name, callArgs, identity, client);
    const asked = client.urlElicitation && !retry?.declined ? approvalInputRequired(result) : undefined;
    if (asked) {
      const meta = { [META_SERVER_INFO]: SERVER_INFO, request_id: callId };
      return { jsonrpc: '2.0', id: request.id, result: new RawJson(JSON.stringify({ ...asked, _meta: meta })) };
    }
    return { jsonrpc: '2.0', id: request.id, result: new RawJson(toolResultJson(result.content[0].text, result.isError === true, callId, 'modern')) };
  }
}
