import { modernClientOf } from './client-session.js';
import { approvalInputRequired, approvalRetryOf } from './input-required.js';
import type { ToolCallResult } from './mcp-dispatcher.js';

function held(): ToolCallResult {
  const envelope = {
    status: 'error',
    tool: 'project_create',
    error: { code: 'APPROVAL_REQUIRED', message: 'approve', approval_id: 'apr_abc', approval_url: 'https://desk.example/approve/apr_abc' },
  };
  return { content: [{ type: 'text', text: JSON.stringify(envelope) }], structuredContent: envelope, isError: true } as unknown as ToolCallResult;
}

describe('a held write on 2026-07-28', () => {
  it('is one URL elicitation with the approval id as requestState', () => {
    expect(approvalInputRequired(held())).toEqual({
      resultType: 'input_required',
      inputRequests: {
        approval: { method: 'elicitation/create', params: { mode: 'url', message: expect.any(String) as string, url: 'https://desk.example/approve/apr_abc' } },
      },
      requestState: 'apr_abc',
    });
  });

  it('reads the retry: the approval, and whether the user declined', () => {
    expect(approvalRetryOf({})).toBeUndefined();
    expect(approvalRetryOf({ requestState: 'apr_abc', inputResponses: { approval: { action: 'accept' } } })).toEqual({
      approvalId: 'apr_abc',
      declined: false,
    });
    expect(approvalRetryOf({ requestState: 'apr_abc', inputResponses: { approval: { action: 'decline' } } })).toEqual({
      approvalId: 'apr_abc',
      declined: true,
    });
    for (const state of [1, '', 'abc', 'apr_', `apr_${'a'.repeat(101)}`, 'apr_a b']) expect(typeof approvalRetryOf({ requestState: state })).toBe('string');
  });

  it('takes the client from _meta', () => {
    const meta = { 'io.modelcontextprotocol/clientInfo': { name: 'x' }, 'io.modelcontextprotocol/clientCapabilities': { elicitation: { url: {} } } };
    expect(modernClientOf(meta)).toEqual({ name: 'x', urlElicitation: true });
    expect(modernClientOf({ 'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } } })).toEqual({ name: null, urlElicitation: false });
    expect(modernClientOf(undefined)).toEqual({ name: null, urlElicitation: false });
  });
});
