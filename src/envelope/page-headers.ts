/**
 * The headers every page the server renders for a person is sent with (the OAuth sign-in and
 * consent, the approval page, the REST API's Swagger UI): never framed (no clickjacking of its
 * buttons), no content-type sniffing, no referrer to where it links, never cached, and its own
 * Content-Security-Policy — each page says which sources it loads; anything else, an injected
 * inline script included, does not run.
 */
export function pageHeaders(contentSecurityPolicy: string): Record<string, string> {
  return {
    'Cache-Control': 'no-store',
    'Content-Security-Policy': contentSecurityPolicy,
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
  };
}
