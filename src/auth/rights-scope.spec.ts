import { grantsScope, mayCallOverMcp } from './rights.js';

describe('MCP scopes', () => {
  it('mcp grants what mcp:read does; mcp:read only opens the door to MCP, never write tools', () => {
    expect(grantsScope(['mcp'], 'mcp:read')).toBe(true);
    expect(grantsScope(['mcp:read'], 'mcp')).toBe(false);
    expect(grantsScope(['mcp:read'], 'mcp', true)).toBe(true);
    expect(grantsScope(['api'], 'mcp', true)).toBe(false);
    expect(mayCallOverMcp({ scopes: ['mcp:read'] }, { mcpScope: 'mcp:read' })).toBe(true);
    expect(mayCallOverMcp({ scopes: ['mcp:read'] }, { mcpScope: 'mcp' })).toBe(false);
    expect(mayCallOverMcp({ scopes: ['mcp', 'api'] }, { mcpScope: 'mcp' })).toBe(true);
  });
});
