import { isAllowedOrigin, isPreflight, preflightHeaders } from './origin.js';

describe('isAllowedOrigin', () => {
  it('takes a request without Origin, local origins by default, and the configured ones only when configured', () => {
    expect(isAllowedOrigin(undefined, [])).toBe(true);
    expect(isAllowedOrigin('http://localhost:5173', [])).toBe(true);
    expect(isAllowedOrigin('https://evil.example', [])).toBe(false);
    expect(isAllowedOrigin('null', [])).toBe(false);
    expect(isAllowedOrigin('https://app.example.com', ['https://app.example.com'])).toBe(true);
    expect(isAllowedOrigin('http://localhost:5173', ['https://app.example.com'])).toBe(false);
  });
});

describe('preflight', () => {
  it('is an OPTIONS with Origin and Access-Control-Request-Method', () => {
    expect(isPreflight('OPTIONS', { origin: 'http://localhost', 'access-control-request-method': 'POST' })).toBe(true);
    expect(isPreflight('OPTIONS', { origin: 'http://localhost' })).toBe(false);
    expect(isPreflight('OPTIONS', { 'access-control-request-method': 'POST' })).toBe(false);
    expect(isPreflight('POST', { origin: 'http://localhost', 'access-control-request-method': 'POST' })).toBe(false);
  });

  it('allows POST and the MCP headers, echoing the names asked for only when they are header names', () => {
    const allowed = (requested?: string) =>
      preflightHeaders(requested === undefined ? {} : { 'access-control-request-headers': requested })['Access-Control-Allow-Headers'];
    expect(allowed()).toContain('authorization, content-type, accept, mcp-protocol-version');
    expect(allowed('x-client-name, x-trace')).toMatch(/, x-client-name, x-trace$/);
    // Each name once: those the server allows anyway are not listed again, whatever their case.
    const names = allowed('Authorization, content-type,x-trace, X-Trace').split(', ');
    expect(names.map((name) => name.toLowerCase())).toEqual([...new Set(names.map((name) => name.toLowerCase()))]);
    expect(names).toEqual([...allowed().split(', '), 'x-trace']);
    expect(allowed('x-a\u00e9')).toBe(allowed());
    expect(allowed('a'.repeat(1001))).toBe(allowed());
    expect(preflightHeaders({})).toMatchObject({ 'Access-Control-Allow-Methods': 'POST', 'Access-Control-Max-Age': '3600' });
  });
});
