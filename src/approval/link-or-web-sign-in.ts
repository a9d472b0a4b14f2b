import type { IncomingMessage } from 'node:http';
import { Injectable } from '@nestjs/common';
import { SignInService } from '../auth/sign-in.service.js';
import { AppConfig } from '../config/app-config.js';
import { LOGIN_PATH } from '../oauth/oauth-urls.js';
import { WebSessionService } from '../oauth/web-session.service.js';
import { ApprovalSignIn, OneTimeLinkSignIn, type SignInOffer } from './approval-sign-in.js';

/**
 * The approval page's sign-in: a one-time link's session (scoped to /approve) first, else the
 * server's web session (the OAuth pages' sign-in, with a password). Whichever answers the user
 * also binds the CSRF token, so a form is only good for the browser session that shows it. The
 * page then compares that user with the approval's own, as for any sign-in.
 */
@Injectable()
export class LinkOrWebSignIn extends ApprovalSignIn {
  constructor(
    private readonly links: OneTimeLinkSignIn,
    private readonly web: WebSessionService,
    private readonly accounts: SignInService,
    private readonly config: AppConfig,
  ) {
    super();
  }

  async userOf(req: IncomingMessage): Promise<number | null> {
    return (await this.links.userOf(req)) ?? (await this.webUser(req));
  }

  async csrfToken(req: IncomingMessage, purpose: string): Promise<string | null> {
    if ((await this.links.userOf(req)) !== null) return this.links.csrfToken(req, purpose);
    return (await this.webUser(req)) === null ? null : (this.web.csrfToken(req, purpose) ?? null);
  }

  offer(approvalId: string): SignInOffer {
    const offer = this.links.offer(approvalId);
    // With an external authorization server there is no password page here.
    if (this.config.oauthIssuer) return offer;
    return { ...offer, password: `${LOGIN_PATH}?return_to=${encodeURIComponent(`/approve/${encodeURIComponent(approvalId)}`)}` };
  }

  /** The web session's user while the account may still sign in. */
  private async webUser(req: IncomingMessage): Promise<number | null> {
    const userId = await this.web.userOf(req);
    return userId !== undefined && (await this.accounts.isActive(userId)) ? userId : null;
  }
}
