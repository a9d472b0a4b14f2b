import { Injectable } from '@nestjs/common';
import type { Principal } from '../../auth/principal.js';
import { answerFormat, asEvent, EVENT_STREAM_TYPE } from './answer-format.js';
import { clientOf, clientSessionOf, UNKNOWN_CLIENT } from './client-session.js';
import { classify, INVALID_REQUEST, invalidRequest, type JsonRpcRequest, type JsonRpcResponse, rpcError, SERVER_ERROR } from './json-rpc.js';
import { checkMirroredHeaders, type MirroredHeaders } from './mcp-http-headers.js';
import { McpMethods, serializeAnswer } from './mcp-methods.js';
import { classifyRevision, LEGACY_VERSIONS, MODERN_VERSIONS, unsupportedVersion } from './mcp-revisions.js';

export interface HttpAnswer {
  status: number;
  /** The body, already serialized: JSON, unless `type` says otherwise. */
  body?: string;
  /** The body's media type when it is not JSON (an event stream). */
  type?: string;
  headers?: Record<string, string>;
}

/** The request headers the protocol reads (the endpoint has already checked origin, token and media type). */
export interface McpHttpHeaders extends MirroredHeaders {
  accept?: string;
  /** MCP-Protocol-Version. */
  protocolVersion?: string;
  /** The HTTP request's id: a tool call without its own trace context in `_meta` keeps it. */
  requestId: string;
  /** Mcp-Session-Id: what a 2025 client declared at initialize (client-session.ts). */
  sessionId?: string;
}

function refusal(status: number, error: JsonRpcResponse): HttpAnswer {
  return { status, body: JSON.stringify(error) };
}

/** A result as one event of a stream that then ends; a refusal (4xx) stays JSON, as every error the endpoint answers is. */
function asEventStream(answer: HttpAnswer): HttpAnswer {
  if (answer.status !== 200 || answer.body === undefined) return answer;
  return { ...answer, body: asEvent(answer.body), type: EVENT_STREAM_TYPE, headers: { ...answer.headers, 'Cache-Control': 'no-cache' } };
}

/**
 * Stateless Streamable HTTP, JSON responses: each POST is answered on its own, by any replica, in
 * the era its body names: a 2026-07-28 request (revision and capabilities in its `_meta`) or 2025
 * traffic (initialize, batches) as before; in both, the mirrored headers sent are checked against the body. It speaks the
 * same methods as the SDK server used for stdio but without building a protocol server per
 * request: the hot path is one dispatch.
 */
@Injectable()
export class McpHttpProtocol {
  constructor(private readonly methods: McpMethods) {}

  /**
   * Not async: the answer is single's or batch's own promise, not one more around it. Written as
   * JSON, or as one event of a stream to a client that takes a stream and no JSON (answer-format.ts).
   */
  handle(principal: Principal, payload: unknown, headers: McpHttpHeaders): Promise<HttpAnswer> {
    const format = answerFormat(headers.accept);
    if (format === undefined) {
      const message = 'Not Acceptable: this server answers application/json (or text/event-stream, one event); the Accept header takes neither.';
      return Promise.resolve(refusal(406, rpcError(null, SERVER_ERROR, message)));
    }
    const answer = Array.isArray(payload) ? this.batch(principal, payload, headers) : this.single(principal, payload, headers);
    return format === 'json' ? answer : answer.then(asEventStream);
  }

  /** One message: the shape of every 2026-07-28 POST, and of most 2025 ones. */
  private async single(principal: Principal, payload: unknown, headers: McpHttpHeaders): Promise<HttpAnswer> {
    const incoming = classify(payload);
    if (incoming.kind === 'invalid') return refusal(400, invalidRequest(incoming.id));
    if (incoming.kind !== 'request') {
      // Notifications and responses need no answer; nothing in them is acted on.
      const version = headers.protocolVersion;
      if (version !== undefined && !LEGACY_VERSIONS.includes(version) && !MODERN_VERSIONS.includes(version))
        return refusal(400, unsupportedVersion(null, version));
      return { status: 202 };
    }
    const request = incoming.message;
    const verdict = classifyRevision(request.id, request.params, headers.protocolVersion, true);
    if (verdict.era === 'refused') return refusal(400, verdict.error);
    const mismatch = checkMirroredHeaders(request, headers, verdict.era);
    if (mismatch) return refusal(400, mismatch);
    if (verdict.era === 'modern') {
      // A method this revision does not have is 404, so a client can tell it from a missing endpoint.
      if (!McpMethods.offers('modern', request.method)) return refusal(404, await this.methods.answer(principal, request, 'modern', () => headers.requestId));
    }
    // 2025 clients said what they support at initialize only: the session id handed back carries it.
    const client = verdict.era === 'legacy' ? clientOf(headers.sessionId) : UNKNOWN_CLIENT;
    const session = request.method === 'initialize' ? { headers: { 'Mcp-Session-Id': clientSessionOf(request.params ?? {}) } } : {};
    return { status: 200, body: serializeAnswer(await this.methods.answer(principal, request, verdict.era, () => headers.requestId, client)), ...session };
  }

  /** A JSON-RPC batch: 2025 traffic only (the 2026-07-28 revision sends one message per POST). */
  private async batch(principal: Principal, messages: unknown[], headers: McpHttpHeaders): Promise<HttpAnswer> {
    const protocolVersion = headers.protocolVersion;
    if (protocolVersion !== undefined && !LEGACY_VERSIONS.includes(protocolVersion)) {
      return refusal(
        400,
        MODERN_VERSIONS.includes(protocolVersion)
          ? rpcError(null, INVALID_REQUEST, `Invalid Request: a ${protocolVersion} POST carries one JSON-RPC message, not a batch.`)
          : unsupportedVersion(null, protocolVersion),
      );
    }
    // The mirrored headers speak for the whole POST: each message they contradict is refused on its own.
    const checked = (request: JsonRpcRequest) => checkMirroredHeaders(request, headers, 'legacy');
    const batch = await this.methods.answerBatch(principal, messages, () => headers.requestId, clientOf(headers.sessionId), checked);
    if ('refused' in batch) return refusal(400, batch.refused);
    if (batch.answers.length === 0) return { status: 202 };
    // Nothing in it ran (every message refused): the batch as a whole is a bad request.
    return { status: batch.ran ? 200 : 400, body: `[${batch.answers.map(serializeAnswer).join(',')}]` };
  }
}
