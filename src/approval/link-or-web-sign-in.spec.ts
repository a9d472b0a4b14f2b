import type { IncomingMessage } from 'node:http';
import type { SignInService } from '../auth/sign-in.service.js';
import type { AppConfig } from '../config/app-config.js';
import { boundToken, WebSessionService } from '../oauth/web-session.service.js';
import type { OneTimeLinkSignIn } from './approval-sign-in.js';
import { LinkOrWebSignIn } from './link-or-web-sign-in.js';

const req = (cookie: string): IncomingMessage => ({ headers: { cookie } }) as IncomingMessage;

/** One browser's state: who its link session is (if any), who its web session is (if any), who may still sign in. */
function signIn(opts: { linkUser?: number; webUser?: number; active?: number[]; oauthIssuer?: string | null }): LinkOrWebSignIn {
  const links = {
    userOf: () => Promise.resolve(opts.linkUser ?? null),
    csrfToken: () => Promise.resolve(opts.linkUser === undefined ? null : 'link-token'),
    offer: (id: string) => ({ action: `/approve/${id}/sign-in` }),
  } as unknown as OneTimeLinkSignIn;
  const store = { find: () => Promise.resolve(opts.webUser === undefined ? undefined : { payload: { userId: opts.webUser } }) };
  const web = new WebSessionService(store as never, { publicUrl: null } as AppConfig);
  const accounts = { isActive: (id: number) => Promise.resolve((opts.active ?? [opts.webUser]).includes(id)) } as SignInService;
  return new LinkOrWebSignIn(links, web, accounts, { oauthIssuer: opts.oauthIssuer ?? null } as AppConfig);
}

describe('LinkOrWebSignIn', () => {
  const browser = req('intentdesk_web=web-secret');

  it('answers the web session user, with a token bound to that session', async () => {
    const s = signIn({ webUser: 7 });
    expect(await s.userOf(browser)).toBe(7);
    expect(await s.csrfToken(browser, 'decide:a')).toBe(boundToken('web-secret', 'decide:a'));
    expect(await s.csrfToken(req('intentdesk_web=other-secret'), 'decide:a')).not.toBe(boundToken('web-secret', 'decide:a'));
  });

  it('prefers the one-time link session, and its token', async () => {
    const s = signIn({ linkUser: 3, webUser: 7 });
    expect(await s.userOf(browser)).toBe(3);
    expect(await s.csrfToken(browser, 'decide:a')).toBe('link-token');
  });

  it('signs no one in for a deactivated or deleted account, nor without a session', async () => {
    const s = signIn({ webUser: 7, active: [] });
    expect(await s.userOf(browser)).toBeNull();
    expect(await s.csrfToken(browser, 'decide:a')).toBeNull();
    expect(await signIn({}).userOf(req(''))).toBeNull();
    expect(await signIn({}).csrfToken(req(''), 'decide:a')).toBeNull();
  });

  it('offers the password page with a return to the approval, except with an external authorization server', () => {
    expect(signIn({}).offer('a b')).toEqual({ action: '/approve/a b/sign-in', password: '/oauth/login?return_to=%2Fapprove%2Fa%2520b' });
    expect(signIn({ oauthIssuer: 'https://idp.example' }).offer('a')).toEqual({ action: '/approve/a/sign-in' });
  });
});
