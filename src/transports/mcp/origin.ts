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
