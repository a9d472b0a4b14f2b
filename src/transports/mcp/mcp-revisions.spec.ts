import { classifyRevision, META_CLIENT_CAPABILITIES, META_PROTOCOL_VERSION, SUPPORTED_VERSIONS } from './mcp-revisions.js';

const modernMeta = (version: unknown, capabilities: unknown = {}) => ({
  _meta: { [META_PROTOCOL_VERSION]: version, [META_CLIENT_CAPABILITIES]: capabilities },
});
const codeOf = (verdict: ReturnType<typeof classifyRevision>) =>
  verdict.era === 'refused' && 'error' in verdict.error ? verdict.error.error.code : verdict.era;

describe('classifyRevision', () => {
  it('serves a body without a revision as 2025 traffic, whatever 2025 header comes with it', () => {
    expect(classifyRevision(1, undefined, undefined, true)).toEqual({ era: 'legacy' });
    expect(classifyRevision(1, {}, '2025-11-25', true)).toEqual({ era: 'legacy' });
    expect(classifyRevision(1, modernMeta('2025-06-18'), '2025-06-18', true)).toEqual({ era: 'legacy' });
  });

  it('serves a body naming 2026-07-28 with its capabilities as modern, the header agreeing (or absent on stdio)', () => {
    expect(classifyRevision(1, modernMeta('2026-07-28'), '2026-07-28', true)).toEqual({ era: 'modern', version: '2026-07-28' });
    expect(classifyRevision(1, modernMeta('2026-07-28'), undefined, false)).toEqual({ era: 'modern', version: '2026-07-28' });
  });

  it('refuses a header that disagrees with the body, or is missing on HTTP, with -32020', () => {
    expect(codeOf(classifyRevision(1, modernMeta('2026-07-28'), '2025-11-25', true))).toBe(-32020);
    expect(codeOf(classifyRevision(1, modernMeta('2026-07-28'), undefined, true))).toBe(-32020);
  });

  it('answers an unknown revision, in the body or the header, with -32022 and the supported list', () => {
    const verdict = classifyRevision(7, modernMeta('2099-01-01'), undefined, false);
    expect(verdict).toEqual({
      era: 'refused',
      error: { jsonrpc: '2.0', id: 7, error: expect.objectContaining({ code: -32022, data: { supported: SUPPORTED_VERSIONS, requested: '2099-01-01' } }) },
    });
    expect(codeOf(classifyRevision(1, {}, '1999-01-01', true))).toBe(-32022);
  });

  it('refuses a modern request whose _meta is incomplete as invalid params', () => {
    expect(codeOf(classifyRevision(1, modernMeta('2026-07-28', null), '2026-07-28', true))).toBe(-32602);
    expect(codeOf(classifyRevision(1, modernMeta(20260728), '2026-07-28', true))).toBe(-32602);
    expect(codeOf(classifyRevision(1, {}, '2026-07-28', true))).toBe(-32602);
  });
});
