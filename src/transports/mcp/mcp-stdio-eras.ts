import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { Principal } from '../../auth/principal.js';
import { DeskError } from '../../envelope/desk-error.js';
import { identityOfCall, mintRequestId } from '../../observe/request-id.js';
import { inRequestSpan, step } from '../../observe/tracing.js';
import { classify, INTERNAL_ERROR, type JsonRpcRequest, type JsonRpcResponse, rpcError } from './json-rpc.js';
import { McpMethods, serializeAnswer } from './mcp-methods.js';
import { classifyRevision } from './mcp-revisions.js';

/**
 * Serves both eras on one stdio process. The SDK server connected to `transport` keeps the 2025
 * traffic (initialize, then requests); a request whose `_meta` names a revision is answered here,
 * on its own, by the same methods HTTP uses: no handshake, nothing kept from earlier requests. Call
 * after the server's connect(), which installs the handler this one passes legacy traffic to.
 */
export function serveModernOnStdio(transport: Transport, methods: McpMethods, principal: () => Promise<Principal>): void {
  const legacy = transport.onmessage;
  if (!legacy) throw new Error('serveModernOnStdio: connect the SDK server to the transport first.');
  transport.onmessage = (message, extra) => {
    const incoming = classify(message);
    if (incoming.kind === 'request') {
      const request = incoming.message;
      const verdict = classifyRevision(request.id, request.params, undefined, false);
      if (verdict.era !== 'legacy') {
        const answer = verdict.era === 'refused' ? Promise.resolve(verdict.error) : answerModern(methods, principal, request);
        void answer.then((response) => transport.send(JSON.parse(serializeAnswer(response)) as JSONRPCMessage)).catch(() => undefined);
        return;
      }
    }
    legacy(message, extra);
  };
}

async function answerModern(methods: McpMethods, principal: () => Promise<Principal>, request: JsonRpcRequest): Promise<JsonRpcResponse> {
  if (request.method !== 'tools/call') return answerAs(methods, principal, request, mintRequestId);
  // No HTTP span on stdio: a call's request has its own span, for the token check and the call.
  const identity = identityOfCall(request.params?._meta, mintRequestId);
  return inRequestSpan('stdio tools/call', identity.requestId, identity.traceParent, () => answerAs(methods, principal, request, () => identity.requestId));
}

async function answerAs(methods: McpMethods, principal: () => Promise<Principal>, request: JsonRpcRequest, requestId: () => string): Promise<JsonRpcResponse> {
  let caller: Principal;
  try {
    caller = await step(undefined, 'auth', principal);
  } catch (error) {
    // A token revoked while the process runs: every later request is refused, as on the 2025 path.
    return rpcError(request.id, INTERNAL_ERROR, error instanceof DeskError ? error.message : 'Internal error.');
  }
  return methods.answer(caller, request, 'modern', requestId);
}
