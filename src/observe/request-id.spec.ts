import { identityOfCall, mintRequestId, requestIdFromHeaders } from './request-id.js';
import { parseTraceparent } from './trace-context.js';

describe('request ids', () => {
  const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';

  it('reads a W3C traceparent, and refuses invalid ones', () => {
    expect(parseTraceparent(`00-${TRACE}-00f067aa0ba902b7-01`)).toEqual({ traceId: TRACE, parentId: '00f067aa0ba902b7', flags: '01' });
    expect(parseTraceparent(`01-${TRACE}-00f067aa0ba902b7-01-later`)?.traceId).toBe(TRACE);
    for (const bad of [
      `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`,
      `00-${TRACE}-${'0'.repeat(16)}-01`,
      `ff-${TRACE}-00f067aa0ba902b7-01`,
      `00-${TRACE}-00f067aa0ba902b7-01-extra`,
      `00-${TRACE.toUpperCase()}-00f067aa0ba902b7-01`,
      'garbage',
      42,
      undefined,
    ]) {
      expect(parseTraceparent(bad)).toBeUndefined();
    }
  });

  it('takes a loggable X-Request-Id first, then the trace id, else mints a trace-id-shaped one', () => {
    expect(requestIdFromHeaders({ 'x-request-id': 'lb-123', traceparent: `00-${TRACE}-00f067aa0ba902b7-01` })).toBe('lb-123');
    expect(requestIdFromHeaders({ 'x-request-id': 'has space', traceparent: `00-${TRACE}-00f067aa0ba902b7-01` })).toBe(TRACE);
    expect(requestIdFromHeaders({ 'x-request-id': 'x'.repeat(129) })).toMatch(/^[0-9a-f]{32}$/);
    const [a, b] = [mintRequestId(), mintRequestId()];
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(a).not.toBe(b);
  });

  it('an MCP call continues the traceparent of its _meta, else keeps the HTTP request id', () => {
    expect(identityOfCall({ traceparent: `00-${TRACE}-00f067aa0ba902b7-01` }, () => 'http')).toEqual({
      requestId: TRACE,
      traceParent: { traceId: TRACE, parentId: '00f067aa0ba902b7', flags: '01' },
    });
    expect(identityOfCall({ traceparent: 'nope' }, () => 'http')).toEqual({ requestId: 'http' });
    expect(identityOfCall(undefined, () => 'http')).toEqual({ requestId: 'http' });
  });
});
