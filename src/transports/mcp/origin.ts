import type { IncomingHttpHeaders } from 'node:http';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * DNS-rebinding protection: a browser request (with Origin) is accepted only from the configured
 * origins, or from a local origin when none are configured. Requests without Origin (SDK clients,
 * curl, servers) are not browser-initiated and pass.
 */
export function isAllowedOrigin(origin: string | undefined, allowed: string[]): boolean {
  if (!origin) return true;
  if (allowed.length > 0) return allowed.includes(origin) || allowed.includes('*');
  try {
    return LOCAL_HOSTS.has(new URL(origin).hostname);
  } catch {
    return false;
  }
}

/** Request headers a page may send to /mcp (with any others its preflight asks for). */
const ALLOWED_HEADERS =
  'authorization, content-type, accept, mcp-protocol-version, mcp-session-id, mcp-method, mcp-name, last-event-id, x-request-id, traceparent, tracestate';
const ALLOWED_NAMES = ALLOWED_HEADERS.split(', ');
/** Answer headers a page may read: the session a 2025 client keeps, OAuth's challenge, the request id, a wait. */
const EXPOSED_HEADERS = 'Mcp-Session-Id, WWW-Authenticate, X-Request-Id, Retry-After';
/** A preflight's list of header names that is echoed: names (RFC 9110 tokens) and commas, not too long. */
const REQUESTED_NAMES = /^[A-Za-z0-9!#$%&'*+.^_`|~, -]{1,1000}$/;

/**
 * What every answer to a page of an allowed origin carries (CORS): that origin, and the headers it
 * may read. Set before any answer is written, so refusals carry them too (a page reads a 401's
 * challenge to start OAuth).
 */
export function allowOrigin(res: { setHeader(name: string, value: string): unknown }, origin: string): void {
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Vary', 'Origin');
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
}

/** A browser's preflight (OPTIONS with Origin and Access-Control-Request-Method): answered, never served. */
export function isPreflight(method: string | undefined, headers: IncomingHttpHeaders): boolean {
  return method === 'OPTIONS' && headers.origin !== undefined && headers['access-control-request-method'] !== undefined;
}

/** The preflight's answer headers: POST, the headers a client sends (and those it asks for), cached an hour. */
export function preflightHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const requested = headers['access-control-request-headers'];
  const asked = typeof requested === 'string' && REQUESTED_NAMES.test(requested) ? requested : '';
  // Each name once: header names are case-insensitive, and those allowed anyway are listed already.
  const listed = new Set(ALLOWED_NAMES);
  const more: string[] = [];
  for (const name of asked.split(',').map((part) => part.trim())) {
    if (name === '' || listed.has(name.toLowerCase())) continue;
    listed.add(name.toLowerCase());
    more.push(name);
  }
  return {
    'Access-Control-Allow-Methods': 'POST',
    'Access-Control-Allow-Headers': more.length ? `${ALLOWED_HEADERS}, ${more.join(', ')}` : ALLOWED_HEADERS,
    'Access-Control-Max-Age': '3600',
  };
}
