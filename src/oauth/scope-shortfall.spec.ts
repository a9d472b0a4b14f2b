import type { McpScope, Principal } from '../auth/principal.js';
import { insufficientScopeChallenge, unauthorizedChallenge } from './bearer-challenge.js';
import { isPublicHost } from './oauth-mount.js';
import { tokenScopesOf } from './oauth-records.adapter.js';
import { scopeShortfall } from './scope-shortfall.js';

const TOOLS: Record<string, { mcpScope: McpScope }> = { project_search: { mcpScope: 'mcp:read' }, project_create: { mcpScope: 'mcp' } };
const call = (name: string) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: {} } });
const as = (scopes: Principal['scopes']) => ({ scopes }) as Principal;

describe('scope shortfall of a request', () => {
  it('names the scope a read-only token lacks for any call of the batch, and nothing otherwise', () => {
    expect(scopeShortfall(as(['mcp:read']), call('project_search'), (n) => TOOLS[n])).toBeUndefined();
    expect(scopeShortfall(as(['mcp:read']), call('project_create'), (n) => TOOLS[n])).toBe('mcp');
    expect(scopeShortfall(as(['mcp:read']), [call('project_search'), call('project_create')], (n) => TOOLS[n])).toBe('mcp');
    expect(scopeShortfall(as(['mcp']), call('project_create'), (n) => TOOLS[n])).toBeUndefined();
    expect(scopeShortfall(as(['mcp:read']), call('no_such_tool'), (n) => TOOLS[n])).toBeUndefined();
    expect(scopeShortfall(as(['mcp:read']), { method: 'tools/list' }, (n) => TOOLS[n])).toBeUndefined();
  });
});

describe('challenges', () => {
  it('name the resource metadata, and the scope to step up to', () => {
    expect(unauthorizedChallenge('https://d/.well-known/oauth-protected-resource/mcp', false)).toBe(
      'Bearer realm="intentdesk", resource_metadata="https://d/.well-known/oauth-protected-resource/mcp"',
    );
    expect(insufficientScopeChallenge('https://d/m', 'mcp')).toBe(
      'Bearer realm="intentdesk", error="insufficient_scope", scope="mcp", resource_metadata="https://d/m"',
    );
  });
});

describe('OAuth helpers', () => {
  it('maps an OAuth scope to token scopes: MCP ones only', () => {
    expect(tokenScopesOf('mcp:read openid offline_access')).toEqual(['mcp:read']);
    expect(tokenScopesOf('admin api')).toEqual([]);
    expect(tokenScopesOf(undefined)).toEqual([]);
  });

  it('fetches client metadata documents from public hosts only', () => {
    expect(isPublicHost('client.example.com')).toBe(true);
    expect(isPublicHost('8.8.8.8')).toBe(true);
    for (const host of ['localhost', 'app.localhost', '127.0.0.1', '10.1.2.3', '192.168.0.1', '172.20.0.1', '169.254.169.254', '[::1]', 'db.internal']) {
      expect(isPublicHost(host)).toBe(false);
    }
  });
});
