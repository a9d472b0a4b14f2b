import { existsSync, readFileSync } from 'node:fs';

/** The sign-in links delivered to `user` through OTP_DELIVERY=file:<path>, oldest first. */
export function deliveredLinks(file: string, user: string): string[] {
  if (!existsSync(file)) return [];
  const text = readFileSync(file, 'utf8');
  return text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { user: string; link?: string })
    .filter((m) => m.user === user && m.link)
    .map((m) => m.link as string);
}

export interface Page {
  status: number;
  html: string;
  headers: Headers;
}

/**
 * A person's browser without the browser: a cookie jar over fetch, following the approval page's
 * forms (sign-in link, then Approve or Reject). The Chromium suites drive the same pages for real.
 */
export class WebUser {
  private cookie = '';

  constructor(
    readonly login: string,
    private readonly linkFile: string,
    private readonly language = 'en',
  ) {}

  async get(url: string): Promise<Page> {
    const res = await fetch(url, { headers: this.headers(), redirect: 'manual' });
    this.keep(res);
    if (res.status === 303) return this.get(new URL(res.headers.get('location') ?? '/', url).toString());
    return { status: res.status, html: await res.text(), headers: res.headers };
  }

  async post(url: string, form: Record<string, string>): Promise<Page> {
    const res = await fetch(url, {
      method: 'POST',
      headers: { ...this.headers(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
      redirect: 'manual',
    });
    this.keep(res);
    return { status: res.status, html: await res.text(), headers: res.headers };
  }

  /** Asks for a sign-in link on the approval page and follows the one delivered to this user. */
  async signIn(approvalUrl: string): Promise<Page> {
    const before = deliveredLinks(this.linkFile, this.login).length;
    await this.post(`${approvalUrl}/sign-in`, {});
    const links = deliveredLinks(this.linkFile, this.login);
    if (links.length <= before) throw new Error(`no sign-in link was delivered to ${this.login}`);
    return this.followLink(links[links.length - 1]);
  }

  /**
   * Opens a delivered sign-in link as a person does: the link's page, then its one button (a GET
   * alone signs no one in, so a mail scanner's fetch does not spend the link). Answers the page the
   * button leads to, or the link's page when it has no button (a used or expired link).
   */
  async followLink(link: string): Promise<Page> {
    const page = await this.get(link);
    const action = /<form method="post" action="([^"]*)"/.exec(page.html)?.[1];
    if (page.status !== 200 || !action) return page;
    const posted = await this.post(new URL(action.replaceAll('&amp;', '&'), link).toString(), {});
    if (posted.status !== 303) return posted;
    return this.get(new URL(posted.headers.get('location') ?? '/', link).toString());
  }

  /** Opens the page and presses Approve or Reject, with the form's own CSRF token. */
  async decide(approvalUrl: string, decision: 'approve' | 'reject'): Promise<Page> {
    const page = await this.get(approvalUrl);
    const csrf = /name="csrf" value="([^"]*)"/.exec(page.html)?.[1];
    if (!csrf) throw new Error(`no decision form on the page (${page.status}): ${page.html.slice(0, 500)}`);
    return this.post(approvalUrl, { csrf, decision });
  }

  private headers(): Record<string, string> {
    return { 'accept-language': this.language, ...(this.cookie ? { cookie: this.cookie } : {}) };
  }

  private keep(res: Response): void {
    const set = res.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0];
  }
}
