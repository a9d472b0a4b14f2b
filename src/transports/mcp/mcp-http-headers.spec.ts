import type { JsonRpcRequest } from './json-rpc.js';
import { checkMirroredHeaders, decodeHeaderValue } from './mcp-http-headers.js';

const call: JsonRpcRequest = { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'projeto_busca_ção', arguments: {} } };
const base64 = (text: string) => `=?base64?${Buffer.from(text, 'utf8').toString('base64')}?=`;

describe('mirrored MCP headers', () => {
  it('decodes the base64 sentinel form, passes plain values through, and rejects a broken sentinel', () => {
    expect(decodeHeaderValue(base64('Olá, mundo'))).toBe('Olá, mundo');
    expect(decodeHeaderValue('tools/list')).toBe('tools/list');
    expect(decodeHeaderValue('=?base64?not base64?=')).toBeUndefined();
  });

  it('accepts headers that say what the body says', () => {
    expect(checkMirroredHeaders(call, { method: 'tools/call', name: base64('projeto_busca_ção') }, 'modern')).toBeUndefined();
    expect(checkMirroredHeaders({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { method: 'tools/list' }, 'modern')).toBeUndefined();
  });

  it.each([
    [{ name: 'x' }, 'Mcp-Method header is required'],
    [{ method: 'tools/list', name: 'x' }, "Mcp-Method header value 'tools/list'"],
    [{ method: 'tools/call' }, 'Mcp-Name header is required'],
    [{ method: 'tools/call', name: 'project_delete' }, "Mcp-Name header value 'project_delete'"],
  ])('refuses %j with -32020', (headers, message) => {
    expect(checkMirroredHeaders(call, headers, 'modern')).toEqual({
      jsonrpc: '2.0',
      id: 3,
      error: { code: -32020, message: expect.stringContaining(message) },
    });
  });

  it('lets a 2025 request send no mirrored header, but holds each one it sends to the body', () => {
    expect(checkMirroredHeaders(call, {}, 'legacy')).toBeUndefined();
    expect(checkMirroredHeaders(call, { method: 'tools/call' }, 'legacy')).toBeUndefined();
    expect(checkMirroredHeaders(call, { name: 'projeto_busca_ção' }, 'legacy')).toBeUndefined();
    expect(checkMirroredHeaders(call, { method: 'tools/call', name: 'session_status' }, 'legacy')).toMatchObject({ error: { code: -32020 } });
    expect(checkMirroredHeaders(call, { name: 'session_status' }, 'legacy')).toMatchObject({ error: { code: -32020 } });
    expect(checkMirroredHeaders(call, { method: 'tools/list' }, 'legacy')).toMatchObject({ error: { code: -32020 } });
  });
});
