import {
  CallToolRequestSchema,
  InitializeRequestSchema,
  type JSONRPCMessage,
  ListToolsRequestSchema,
  PingRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { Principal } from '../../auth/principal.js';
import { DeskError } from '../../envelope/desk-error.js';
import { identityOfCall, mintRequestId } from '../../observe/request-id.js';
import { inRequestSpan, step } from '../../observe/tracing.js';
import type { McpClientInfo } from '../../tools/call.js';
import { classify, INTERNAL_ERROR, invalidRequest, type JsonRpcId, type JsonRpcRequest, type JsonRpcResponse, rpcError } from './json-rpc.js';
import { type BatchAnswer, McpMethods, serializeAnswer } from './mcp-methods.js';
import { classifyRevision, type Era } from './mcp-revisions.js';
import type { StdioLinesTransport } from './stdio-lines.js';

/**
 * Serves every stdio line as HTTP serves a body. The SDK server connected to `transport` keeps the
 * 2025 traffic it knows (initialize, ping, tools/list, tools/call, notifications); the rest is
 * answered here by the same methods HTTP uses: a request whose `_meta` names a revision (on its
 * own: no handshake, nothing kept from earlier requests), a method that does not exist, a JSON-RPC
 * batch, and a line that is no JSON-RPC message. `client`: what the 2025 client declared at
 * initialize. Call after the server's connect(), which installs the handler 2025 traffic goes to.
 */
export function serveStdio(transport: StdioLinesTransport, methods: McpMethods, principal: () => Promise<Principal>, client: () => McpClientInfo): void {
  const legacy = transport.onmessage;
  if (!legacy) throw new Error('serveStdio: connect the SDK server to the transport first.');
  const answerOf = (value: unknown): Promise<JsonRpcResponse | BatchAnswer> | undefined => {
    if (Array.isArray(value)) return answerBatch(methods, principal, value, client());
    const incoming = classify(value);
    if (incoming.kind === 'invalid') return Promise.resolve(invalidRequest(incoming.id));
    if (incoming.kind !== 'request') return undefined;
    const request = incoming.message;
    const verdict = classifyRevision(request.id, request.params, undefined, false);
    if (verdict.era === 'refused') return Promise.resolve(verdict.error);
    if (verdict.era === 'modern') return answerModern(methods, principal, request);
    // The SDK server's -32601 names no method; mcp-methods.ts names those that exist, as on HTTP. Params
    // its schemas refuse it answers -32603 with the schema's own report: mcp-methods.ts answers them.
    if (!McpMethods.offers('legacy', request.method) || !sdkTakes(request)) return answerAs(methods, principal, request, 'legacy', mintRequestId);
    return undefined;
  };
  transport.onvalue = (value) => {
    const answer = answerOf(value);
    // The rest is a request, notification or response (classify checked its shape) of the 2025 traffic.
    if (!answer) legacy(value as JSONRPCMessage);
    else void answer.then((sent) => writeAnswer(transport, sent)).catch(() => undefined);
  };
}

/** The SDK server's schema of each 2025 method it answers on stdio. */
const SDK_SCHEMAS = {
  initialize: InitializeRequestSchema,
  ping: PingRequestSchema,
  'tools/list': ListToolsRequestSchema,
  'tools/call': CallToolRequestSchema,
} as const;

/** Whether the SDK server's schema takes `request` (a method it answers, McpMethods.offers('legacy')). */
function sdkTakes(request: JsonRpcRequest): boolean {
  const schema = Object.hasOwn(SDK_SCHEMAS, request.method) ? SDK_SCHEMAS[request.method as keyof typeof SDK_SCHEMAS] : undefined;
  return schema === undefined || schema.safeParse(request).success;
}

/** One message on its line, or a batch's answers in one array; nothing for a batch of notifications only. */
async function writeAnswer(transport: StdioLinesTransport, sent: JsonRpcResponse | BatchAnswer): Promise<void> {
  if ('refused' in sent) await transport.writeLine(serializeAnswer(sent.refused));
  else if (!('answers' in sent)) await transport.writeLine(serializeAnswer(sent));
  else if (sent.answers.length > 0) await transport.writeLine(`[${sent.answers.map(serializeAnswer).join(',')}]`);
}

async function answerModern(methods: McpMethods, principal: () => Promise<Principal>, request: JsonRpcRequest): Promise<JsonRpcResponse> {
  if (request.method !== 'tools/call') return answerAs(methods, principal, request, 'modern', mintRequestId);
  // No HTTP span on stdio: a call's request has its own span, for the token check and the call.
  const identity = identityOfCall(request.params?._meta, mintRequestId);
  return inRequestSpan('stdio tools/call', identity.requestId, identity.traceParent, () =>
    answerAs(methods, principal, request, 'modern', () => identity.requestId),
  );
}

async function answerAs(
  methods: McpMethods,
  principal: () => Promise<Principal>,
  request: JsonRpcRequest,
  era: Era,
  requestId: () => string,
): Promise<JsonRpcResponse> {
  let caller: Principal;
  try {
    caller = await step(undefined, 'auth', principal);
  } catch (error) {
    return tokenRefused(request.id, error);
  }
  return methods.answer(caller, request, era, requestId);
}

/** A batch, as HTTP answers one whose header names no revision: one token check and one request id for all of it. */
async function answerBatch(methods: McpMethods, principal: () => Promise<Principal>, messages: unknown[], client: McpClientInfo): Promise<BatchAnswer> {
  let caller: Principal;
  try {
    caller = await step(undefined, 'auth', principal);
  } catch (error) {
    return { refused: tokenRefused(null, error) };
  }
  const requestId = mintRequestId();
  return methods.answerBatch(caller, messages, () => requestId, client);
}

/** The caller is re-read per request: a token revoked while the process runs is refused from then on, as on the 2025 path. */
function tokenRefused(id: JsonRpcId | null, error: unknown): JsonRpcResponse {
  return rpcError(id, INTERNAL_ERROR, error instanceof DeskError ? error.message : 'Internal error.');
}
