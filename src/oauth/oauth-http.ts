import type { IncomingMessage, ServerResponse } from 'node:http';
import { Injectable, Logger } from '@nestjs/common';
import type Provider from 'oidc-provider';
import { DataSource } from 'typeorm';
import { AuthService } from '../auth/auth.service.js';
import { PrincipalLoader } from '../auth/principal.loader.js';
import { SignInService } from '../auth/sign-in.service.js';
import { TokensService } from '../auth/tokens.service.js';
import { AppConfig } from '../config/app-config.js';
import { MCP_PATH, PROTECTED_RESOURCE_METADATA } from '../envelope/entry-points.js';
import { writeJson } from '../envelope/whole-answer.js';
import { errorDetail } from '../observe/error-detail.js';
import { Interactions, sendText } from './interactions.js';
import { INTERACTION_PATH, mountedAt, OAUTH_SCOPES } from './oauth-mount.js';
import { recordsAdapter } from './oauth-records.adapter.js';
import { OAuthRecordsStore } from './oauth-records.store.js';
import { loadSecrets } from './oauth-secrets.js';
import { AUTHORIZATION_SERVER_METADATA, ISSUER_PATH, LOGIN_PATH, OAuthUrls } from './oauth-urls.js';
import { WebLogin } from './web-login.js';
import { WebSessionService } from './web-session.service.js';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

interface BuiltIn {
  provider: Provider;
  interactions: Interactions;
  callback: Listener;
}

/** Where the authorization server's metadata is looked for (RFC 8414 and OpenID, with the issuer's path inserted). */
const SERVER_METADATA_PATHS = new Set([
  AUTHORIZATION_SERVER_METADATA,
  AUTHORIZATION_SERVER_METADATA + ISSUER_PATH,
  `/.well-known/openid-configuration${ISSUER_PATH}`,
]);
const RESOURCE_METADATA_PATHS = new Set([PROTECTED_RESOURCE_METADATA, PROTECTED_RESOURCE_METADATA + MCP_PATH]);

/**
 * OAuth over HTTP, ahead of the REST framework like /mcp: the protected resource metadata (RFC 9728),
 * and — unless OAUTH_ISSUER names an external authorization server — the built-in one under /oauth
 * with its metadata and its sign-in and consent pages. The provider is built at the first request,
 * when the address the server is known by is certain.
 */
@Injectable()
export class OAuthHttp {
  private readonly logger = new Logger('OAuth');
  private builtIn: Promise<BuiltIn> | undefined;
  private readonly login: WebLogin;

  constructor(
    private readonly config: AppConfig,
    private readonly urls: OAuthUrls,
    private readonly store: OAuthRecordsStore,
    private readonly tokens: TokensService,
    private readonly auth: AuthService,
    private readonly signIn: SignInService,
    private readonly webSession: WebSessionService,
    private readonly principals: PrincipalLoader,
    private readonly dataSource: DataSource,
  ) {
    this.login = new WebLogin({ signIn, webSession, originOf: (req) => new URL(this.urls.issuer(req)).origin });
  }

  /** Whether a request with this URL is OAuth's. */
  serves(url: string | undefined): boolean {
    const path = (url ?? '').split('?')[0];
    if (RESOURCE_METADATA_PATHS.has(path)) return true;
    if (this.config.oauthIssuer) return false;
    return SERVER_METADATA_PATHS.has(path) || path === ISSUER_PATH || path.startsWith(`${ISSUER_PATH}/`);
  }

  /** The Node request listener for what `serves` accepts; `addressOf` names the client (TRUSTED_PROXIES applied). */
  handler(addressOf: (req: IncomingMessage) => string): Listener {
    return (req, res) => {
      this.handle(req, res, addressOf).catch((error: unknown) => {
        this.logger.error(`OAuth request failed: ${errorDetail(error)}`);
        if (!res.headersSent) sendText(res, 500, 'Internal error.');
      });
    };
  }

  private async handle(req: IncomingMessage, res: ServerResponse, addressOf: (req: IncomingMessage) => string): Promise<void> {
    const path = (req.url ?? '').split('?')[0];
    if (RESOURCE_METADATA_PATHS.has(path)) {
      this.resourceMetadata(req, res);
      return;
    }
    if (path === LOGIN_PATH) return this.login.handle(req, res, addressOf(req));
    const builtIn = await this.start(req);
    if (SERVER_METADATA_PATHS.has(path)) {
      // The provider's own discovery document (a superset of RFC 8414's fields), at the well-known places.
      req.url = `${ISSUER_PATH}/.well-known/openid-configuration`;
    }
    if ((req.url ?? '').startsWith(ISSUER_PATH + INTERACTION_PATH + '/')) return builtIn.interactions.handle(req, res, addressOf(req));
    mountedAt(req, ISSUER_PATH);
    builtIn.callback(req, res);
  }

  private resourceMetadata(req: IncomingMessage, res: ServerResponse): void {
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS') {
      sendText(res, 405, 'Method not allowed.');
      return;
    }
    const body = JSON.stringify({
      resource: this.urls.resource(req),
      authorization_servers: [this.urls.issuer(req)],
      scopes_supported: OAUTH_SCOPES,
      bearer_methods_supported: ['header'],
      resource_name: 'intentdesk',
    });
    // A HEAD request gets the length of the document and no body; a CORS preflight, no body.
    const preflight = req.method === 'OPTIONS';
    writeJson(res, preflight ? 204 : 200, preflight ? undefined : body, {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Headers': 'mcp-protocol-version',
      'Cache-Control': 'public, max-age=300',
    });
  }

  private start(req: IncomingMessage): Promise<BuiltIn> {
    this.builtIn ??= this.build(req).catch((error: unknown) => {
      this.builtIn = undefined;
      throw error;
    });
    return this.builtIn;
  }

  private async build(req: IncomingMessage): Promise<BuiltIn> {
    const issuer = this.urls.issuer(req);
    const resource = this.urls.resource(req);
    const secrets = await loadSecrets(this.store);
    const { createProvider } = await import('./oauth-provider.factory.js');
    const provider = createProvider({
      issuer,
      resource,
      config: this.config,
      secrets,
      adapter: recordsAdapter(this.store, this.tokens, resource, () => this.auth.invalidate()),
      userExists: (id) => this.signIn.isActive(id),
    });
    provider.on('server_error', (_ctx, error) => this.logger.error(`Authorization server error: ${error.stack ?? error.message}`));
    const interactions = new Interactions({
      provider,
      signIn: this.signIn,
      webSession: this.webSession,
      principals: this.principals,
      dataSource: this.dataSource,
      csrfKey: secrets.csrfKey,
      base: ISSUER_PATH + INTERACTION_PATH,
    });
    return { provider, interactions, callback: provider.callback() as Listener };
  }
}
