/**
 * Where a sign-in page may send a person back to: a path of this server only. Anything that a
 * browser could read as another origin (`//host`, `/\host`, `https:…`, `javascript:…`, control
 * characters) is refused, so a sign-in link can never be an open redirect.
 */
export function localReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return undefined;
  // Browsers treat `\` as `/` and drop tabs and newlines: `/\evil` and `/\t/evil` are `//evil`.
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || hasControl(value)) return undefined;
  const base = 'http://local.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return undefined;
  }
  return url.origin === base ? url.pathname + url.search : undefined;
}

function hasControl(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
