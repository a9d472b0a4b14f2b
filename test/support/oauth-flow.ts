import { createHash, randomBytes } from 'node:crypto';

/** A browser's cookies for one origin, enough for the sign-in and consent pages. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(res: Response): void {
    for (const header of res.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /max-age=0/i.test(header) || /expires=Thu, 01 Jan 1970/i.test(header)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export interface Pkce {
  verifier: string;
  challenge: string;
}

export function pkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Dynamic client registration of a public client (RFC 7591). */
export async function registerClient(base: string, redirectUris: string[], extra: Record<string, unknown> = {}): Promise<string> {
  const res = await fetch(`${base}/oauth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Test client',
      redirect_uris: redirectUris,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...extra,
    }),
  });
  const body = (await res.json()) as { client_id?: string };
  if (res.status !== 201 || !body.client_id) throw new Error(`registration failed: ${res.status} ${JSON.stringify(body)}`);
  return body.client_id;
}

export interface AuthorizeParams {
  clientId: string;
  redirectUri: string;
  challenge: string;
  scope?: string;
  resource?: string;
  state?: string;
}

export function authorizeUrl(base: string, p: AuthorizeParams): string {
  const url = new URL(`${base}/oauth/authorize`);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', p.clientId);
  url.searchParams.set('redirect_uri', p.redirectUri);
  url.searchParams.set('code_challenge', p.challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('state', p.state ?? 'st-1');
  url.searchParams.set('resource', p.resource ?? `${base}/mcp`);
  if (p.scope !== undefined) url.searchParams.set('scope', p.scope);
  return url.toString();
}

/** A browser on the authorization server's pages: follows its redirects, keeps its cookies, stops at the client's redirect URI. */
export class Browser {
  readonly jar = new CookieJar();

  constructor(private readonly base: string) {}

  /** GET `url` and follow redirects within the server; answers the last response and its URL. */
  async go(url: string, init: RequestInit = {}): Promise<{ res: Response; url: string; body: string }> {
    let current = url;
    let request: RequestInit = init;
    for (let hops = 0; hops < 10; hops++) {
      const res = await fetch(current, {
        ...request,
        redirect: 'manual',
        headers: { ...(request.headers as Record<string, string>), Cookie: this.jar.header() },
      });
      this.jar.take(res);
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) return { res, url: current, body: await res.text() };
      const next = new URL(location, current).toString();
      if (!next.startsWith(this.base)) return { res, url: next, body: await res.text() };
      current = next;
      request = {};
    }
    throw new Error('too many redirects');
  }

  /** Submits a form of the page `html` (its action and hidden fields) with `fields`. */
  submit(pageUrl: string, html: string, fields: Record<string, string>): Promise<{ res: Response; url: string; body: string }> {
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form on the page: ${html.slice(0, 300)}`);
    const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    return this.go(new URL(action.replace(/&#38;/g, '&'), pageUrl).toString(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf, ...fields }).toString(),
    });
  }
}

export interface Authorized {
  code: string;
  state: string | null;
  iss: string | null;
  redirect: URL;
}

/** The whole browser part: sign in as `login`, allow, and read the code off the client's redirect URI. */
export async function signInAndAllow(base: string, browser: Browser, params: AuthorizeParams, login: string, password: string): Promise<Authorized> {
  const page = await browser.go(authorizeUrl(base, params));
  let current = page;
  if (current.body.includes('name="password"')) current = await browser.submit(current.url, current.body, { login, password, action: 'sign-in' });
  if (current.body.includes('id="allow"')) current = await browser.submit(current.url, current.body, { action: 'allow' });
  const redirect = new URL(current.url);
  const code = redirect.searchParams.get('code');
  if (!code) throw new Error(`no code: ${current.res.status} ${current.url} ${current.body.slice(0, 300)}`);
  return { code, state: redirect.searchParams.get('state'), iss: redirect.searchParams.get('iss'), redirect };
}

export interface TokenAnswer {
  status: number;
  body: { access_token?: string; refresh_token?: string; scope?: string; token_type?: string; expires_in?: number; error?: string; error_description?: string };
}

export async function tokenRequest(base: string, form: Record<string, string>): Promise<TokenAnswer> {
  const res = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { status: res.status, body: (await res.json()) as TokenAnswer['body'] };
}

/** One raw JSON-RPC POST to /mcp with a bearer token. */
export async function mcpPost(base: string, token: string, message: object): Promise<Response> {
  return fetch(`${base}/mcp`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: JSON.stringify(message),
  });
}
