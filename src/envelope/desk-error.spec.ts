import { DeskError } from './desk-error.js';

const issue = { field: 'name', code: 'REQUIRED' as const, message: 'name is required.' };

function messageOn(transport: 'mcp' | 'rest' | undefined, tool: string | undefined, issues = [issue]): string {
  return DeskError.validation(transport ? { transport, tool: tool ?? null } : undefined, issues).message;
}

describe('DeskError.validation wording', () => {
  it('tells an MCP caller which tool to call again', () => {
    expect(messageOn('mcp', 'project_create')).toBe('1 problem in the input. Fix it and call project_create again.');
    expect(messageOn('mcp', 'project_create', [issue, { ...issue, field: 'code' }])).toBe(
      '2 problems in the input. Fix all of them and call project_create again.',
    );
  });

  it('tells a REST caller to send the request again, even on a route that shares a tool', () => {
    expect(messageOn('rest', 'project_create')).toBe('1 problem in the input. Fix it and send the request again.');
  });

  it('says "send the request again" when there is no tool to name', () => {
    expect(messageOn('mcp', undefined)).toBe('1 problem in the input. Fix it and send the request again.');
    expect(messageOn(undefined, undefined)).toBe('1 problem in the input. Fix it and send the request again.');
  });
});
