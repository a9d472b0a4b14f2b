import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SignInService } from '../auth/sign-in.service.js';
import { postedFromOwnPage } from './form-origin.js';
import { passwordUser, readForm, sendHtml, sendText } from './interactions.js';
import { LOGIN_PATH } from './oauth-urls.js';
import { languageOf, signInPage } from './pages.js';
import { localReturnPath } from './return-path.js';
import type { WebSessionService } from './web-session.service.js';

export interface WebLoginDeps {
  signIn: SignInService;
  webSession: WebSessionService;
  /** This server's origin as browsers see it (`https://desk.example`). */
  originOf: (req: IncomingMessage) => string;
}

/**
 * `/oauth/login?return_to=<path>`: a person signs in with their GLPI password on this server's own
 * pages (the approval page offers it) and goes back to `return_to` — a path of this server only
 * (localReturnPath). The form carries no secret to forge: a POST another site's page makes is told
 * apart by the browser's Sec-Fetch-Site / Origin and refused (no signing a victim in as the attacker).
 */
export class WebLogin {
  constructor(private readonly deps: WebLoginDeps) {}

  async handle(req: IncomingMessage, res: ServerResponse, address: string): Promise<void> {
    const returnTo = localReturnPath(new URL(req.url ?? '/', 'http://local.invalid').searchParams.get('return_to'));
    if (!returnTo) {
      sendText(res, 400, 'The page to return to is not a page of this server.');
      return;
    }
    const lang = languageOf(req.headers['accept-language']);
    const action = `${LOGIN_PATH}?return_to=${encodeURIComponent(returnTo)}`;
    if (req.method === 'GET') {
      // Shown even to a signed-in person: signing in again is how one changes user.
      sendHtml(res, 200, signInPage({ lang, action }));
      return;
    }
    if (req.method !== 'POST') {
      sendText(res, 405, 'Method not allowed.');
      return;
    }
    if (!postedFromOwnPage(req, this.deps.originOf(req))) {
      sendText(res, 403, 'The form was not sent by this server’s page.');
      return;
    }
    const form = await readForm(req);
    if (!form) {
      sendText(res, 400, 'Send the sign-in form.');
      return;
    }
    if (form.get('action') === 'cancel') {
      redirect(res, returnTo);
      return;
    }
    const userId = await passwordUser(this.deps.signIn, form, address, res);
    if (userId === false) return;
    if (userId === undefined) {
      sendHtml(res, 401, signInPage({ lang, action, login: form.get('login') ?? '', error: true }));
      return;
    }
    await this.deps.webSession.start(req, res, userId);
    redirect(res, returnTo);
  }
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { Location: location, 'Cache-Control': 'no-store' }).end();
}
