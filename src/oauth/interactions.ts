import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { DataSource } from 'typeorm';
import type { PrincipalLoader } from '../auth/principal.loader.js';
import type { SignInService } from '../auth/sign-in.service.js';
import { DeskError } from '../envelope/desk-error.js';
import { pageHeaders } from '../envelope/page-headers.js';
import { HTML_TYPE, TEXT_TYPE, writeWhole } from '../envelope/whole-answer.js';
import { visiblyMarked } from '../text/characters.js';
import { consentPage, type Language, languageOf, signInPage } from './pages.js';
import type { WebSessionService } from './web-session.service.js';

const FORM_LIMIT = 8 * 1024;
/** The most characters of a client's registered name the pages show. */
const MAX_CLIENT_NAME = 100;
/** A client id or redirect URI is shown whole (its host must be seen), yet not without bound. */
const MAX_CLIENT_URI = 2048;

export interface InteractionDeps {
  provider: Provider;
  signIn: SignInService;
  webSession: WebSessionService;
  principals: PrincipalLoader;
  dataSource: DataSource;
  csrfKey: string;
  /** Path of the interaction pages (the issuer's path + /interaction). */
  base: string;
}

/**
 * The pages the authorization server sends a person to: sign in (GLPI login and password), then
 * consent (the client, the scopes, the user's entities). Forms carry a CSRF token bound to the
 * interaction; the provider's interaction cookie binds the interaction to this browser; every
 * redirect goes back to the provider, never to an address taken from the request.
 */
export class Interactions {
  constructor(private readonly deps: InteractionDeps) {}

  async handle(req: IncomingMessage, res: ServerResponse, address: string): Promise<void> {
    const path = (req.url ?? '').split('?')[0].slice(this.deps.base.length);
    const [, uid, step] = /^\/([\w-]{1,100})(?:\/(sign-in|consent))?$/.exec(path) ?? [];
    if (!uid) {
      sendText(res, 404, 'Not found.');
      return;
    }
    const interaction = await this.deps.provider.interactionDetails(req, res).catch(() => undefined);
    if (!interaction || interaction.uid !== uid) {
      sendText(res, 400, 'This sign-in has expired or belongs to another browser. Start again from your client.');
      return;
    }
    const lang = languageOf(req.headers['accept-language']);
    if (req.method === 'GET' && !step) return this.show(req, res, interaction, lang);
    if (req.method !== 'POST' || !step) {
      sendText(res, 405, 'Method not allowed.');
      return;
    }
    const form = await readForm(req);
    if (!form || !this.csrfMatches(uid, form.get('csrf'))) {
      sendText(res, 403, 'The form is stale or was not sent by this page. Go back and try again.');
      return;
    }
    if (form.get('action') === 'cancel' || form.get('action') === 'deny') {
      return this.deps.provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The user refused.' },
        { mergeWithLastSubmission: false },
      );
    }
    if (step === 'sign-in' && interaction.prompt.name === 'login') return this.signIn(req, res, interaction, form, lang, address);
    if (step === 'consent' && interaction.prompt.name === 'consent') return this.consent(req, res, interaction);
    sendText(res, 409, 'This step is already done. Go back to your client.');
  }

  private async show(req: IncomingMessage, res: ServerResponse, interaction: Interaction, lang: Language): Promise<void> {
    if (interaction.prompt.name === 'login') {
      // A person already signed in on this browser is not asked again.
      const userId = await this.deps.webSession.userOf(req);
      if (userId !== undefined && (await this.deps.signIn.isActive(userId))) {
        return this.deps.provider.interactionFinished(req, res, { login: { accountId: String(userId) } }, { mergeWithLastSubmission: false });
      }
      sendHtml(
        res,
        200,
        signInPage({ lang, action: this.action(interaction.uid, 'sign-in'), csrf: this.csrf(interaction.uid), client: await this.clientName(interaction) }),
      );
      return;
    }
    if (interaction.prompt.name === 'consent') return this.showConsent(res, interaction, lang);
    sendText(res, 400, 'Nothing to do here. Go back to your client.');
  }

  private async signIn(
    req: IncomingMessage,
    res: ServerResponse,
    interaction: Interaction,
    form: URLSearchParams,
    lang: Language,
    address: string,
  ): Promise<void> {
    const login = form.get('login') ?? '';
    const userId = await passwordUser(this.deps.signIn, form, address, res);
    if (userId === false) return;
    if (userId === undefined) {
      const page = signInPage({
        lang,
        action: this.action(interaction.uid, 'sign-in'),
        csrf: this.csrf(interaction.uid),
        client: await this.clientName(interaction),
        login,
        error: true,
      });
      sendHtml(res, 401, page);
      return;
    }
    await this.deps.webSession.start(req, res, userId);
    return this.deps.provider.interactionFinished(req, res, { login: { accountId: String(userId) } }, { mergeWithLastSubmission: false });
  }

  private async showConsent(res: ServerResponse, interaction: Interaction, lang: Language): Promise<void> {
    const userId = Number(interaction.session?.accountId);
    const principal = await this.deps.principals.load(userId, null, ['mcp']);
    if (!principal) {
      sendText(res, 403, 'This account cannot sign in.');
      return;
    }
    const page = consentPage({
      lang: principal.language ? languageOf(undefined, principal.language) : lang,
      action: this.action(interaction.uid, 'consent'),
      csrf: this.csrf(interaction.uid),
      client: await this.clientName(interaction),
      clientId: visiblyMarked(String(interaction.params.client_id), MAX_CLIENT_URI),
      user: `${principal.displayName} (${principal.login})`,
      scopes: requestedScopes(interaction),
      entities: await this.entityNames(principal.scope.entityIds),
      redirectUri: visiblyMarked(String(interaction.params.redirect_uri), MAX_CLIENT_URI),
    });
    sendHtml(res, 200, page);
  }

  private async consent(req: IncomingMessage, res: ServerResponse, interaction: Interaction): Promise<void> {
    const { provider } = this.deps;
    const accountId = interaction.session?.accountId;
    const clientId = String(interaction.params.client_id);
    if (!accountId) {
      sendText(res, 400, 'Sign in first.');
      return;
    }
    const grant = (interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined) ?? new provider.Grant({ accountId, clientId });
    const details = interaction.prompt.details as { missingOIDCScope?: string[]; missingResourceScopes?: Record<string, string[]> };
    if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
    for (const [resource, scopes] of Object.entries(details.missingResourceScopes ?? {})) grant.addResourceScope(resource, scopes.join(' '));
    const grantId = await grant.save();
    return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  /**
   * The name a client registered for itself (or its id), as the pages show it: chosen by whoever
   * registered it, so a bidi override, a control character or a line break is made visible
   * (visiblyMarked) rather than reorder the sentence it is shown in.
   */
  private async clientName(interaction: Interaction): Promise<string> {
    const client = await this.deps.provider.Client.find(String(interaction.params.client_id)).catch(() => undefined);
    return visiblyMarked(client?.clientName ?? String(interaction.params.client_id), MAX_CLIENT_NAME);
  }

  private async entityNames(ids: readonly number[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.deps.dataSource
      .createQueryBuilder()
      .select('e.completename', 'name')
      .from('glpi_entities', 'e')
      .where('e.id IN (:...ids)', { ids: ids.slice(0, 50) })
      .orderBy('e.completename')
      .getRawMany<{ name: string }>();
    return rows.map((r) => r.name);
  }

  private action(uid: string, step: string): string {
    return `${this.deps.base}/${uid}/${step}`;
  }

  private csrf(uid: string): string {
    return createHmac('sha256', this.deps.csrfKey).update(`interaction:${uid}`).digest('base64url');
  }

  private csrfMatches(uid: string, sent: string | null): boolean {
    const expected = Buffer.from(this.csrf(uid));
    const given = Buffer.from(sent ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

/** The MCP scopes the consent page names: the ones the client asked for on this server's resource. */
function requestedScopes(interaction: Interaction): string[] {
  const details = interaction.prompt.details as { missingResourceScopes?: Record<string, string[]> };
  const fromResources = Object.values(details.missingResourceScopes ?? {}).flat();
  return [...new Set(fromResources.length ? fromResources : (typeof interaction.params.scope === 'string' ? interaction.params.scope : '').split(' '))].filter(
    (s) => s.startsWith('mcp'),
  );
}

/** The user a sign-in form's login and password name (undefined: wrong); false once a 429 was answered (too many tries). */
export async function passwordUser(signIn: SignInService, form: URLSearchParams, address: string, res: ServerResponse): Promise<number | undefined | false> {
  try {
    return await signIn.check(form.get('login') ?? '', form.get('password') ?? '', address);
  } catch (thrown) {
    if (thrown instanceof DeskError && thrown.code === 'RATE_LIMITED') {
      res.setHeader('Retry-After', String(thrown.retryAfterSeconds ?? 60));
      sendText(res, 429, thrown.message);
      return false;
    }
    throw thrown;
  }
}

export async function readForm(req: IncomingMessage): Promise<URLSearchParams | undefined> {
  if (!String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > FORM_LIMIT) return undefined;
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

// No form-action: a consent's answer is a redirect to the client's own address, which form-action would refuse.
const PAGE_HEADERS = pageHeaders("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'");

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  writeWhole(res, status, HTML_TYPE, html, PAGE_HEADERS);
}

export function sendText(res: ServerResponse, status: number, text: string): void {
  writeWhole(res, status, TEXT_TYPE, text, PAGE_HEADERS);
}
