import Provider, { type Configuration, errors } from 'oidc-provider';
import type { AppConfig } from '../config/app-config.js';
import { TEXT_TYPE } from '../envelope/whole-answer.js';
import { INTERACTION_PATH, isPublicHost, OAUTH_SCOPES } from './oauth-mount.js';
import type { recordsAdapter } from './oauth-records.adapter.js';
import type { OAuthSecrets } from './oauth-secrets.js';

export interface ProviderParts {
  issuer: string;
  resource: string;
  config: AppConfig;
  secrets: OAuthSecrets;
  adapter: ReturnType<typeof recordsAdapter>;
  /** Whether the user with this id can sign in now (exists, active). */
  userExists(id: number): Promise<boolean>;
}

/**
 * The built-in authorization server (panva's oidc-provider, mounted at /oauth): authorization code
 * with PKCE S256 only, public clients registered by Client ID Metadata Documents or dynamic
 * registration, exact redirect URIs, `iss` in every authorization response, refresh tokens rotated
 * on use, access tokens bound to the one MCP resource (RFC 8707), revocation. Everything else the
 * library can do is off.
 */
export function createProvider(parts: ProviderParts): Provider {
  const { issuer, resource, config, secrets } = parts;
  const configuration: Configuration = {
    adapter: parts.adapter,
    jwks: { keys: [secrets.signingKey] },
    cookies: { keys: secrets.cookieKeys },
    scopes: ['openid', 'offline_access', ...OAUTH_SCOPES],
    claims: { openid: ['sub'] },
    responseTypes: ['code'],
    pkce: { required: () => true },
    clientDefaults: { grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' },
    routes: { authorization: '/authorize', token: '/token', registration: '/register', revocation: '/revoke', jwks: '/jwks', userinfo: '/userinfo' },
    interactions: { url: (_ctx, interaction) => `${new URL(issuer).pathname}${INTERACTION_PATH}/${interaction.uid}` },
    findAccount: async (_ctx, sub) => {
      const id = Number(sub);
      if (!Number.isInteger(id) || !(await parts.userExists(id))) return undefined;
      return { accountId: sub, claims: () => ({ sub }) };
    },
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    ttl: {
      AccessToken: config.oauthAccessTokenTtlSeconds,
      AuthorizationCode: 60,
      RefreshToken: config.oauthRefreshTokenTtlSeconds,
      Grant: config.oauthRefreshTokenTtlSeconds,
      Interaction: 600,
      Session: 14 * 86_400,
      IdToken: 3600,
    },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      revocation: { enabled: true },
      userinfo: { enabled: false },
      clientIdMetadataDocument: { enabled: true, ack: 'draft-02', allowFetch: (_ctx, clientId) => isPublicHost(new URL(clientId).hostname) },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== resource) throw new errors.InvalidTarget(`this server issues tokens for ${resource} only`);
          return { scope: OAUTH_SCOPES.join(' '), audience: resource, accessTokenTTL: config.oauthAccessTokenTtlSeconds, accessTokenFormat: 'opaque' };
        },
      },
    },
    renderError: (ctx, out) => {
      ctx.type = TEXT_TYPE;
      ctx.body = `${out.error}: ${out.error_description ?? ''}`;
    },
  };
  const provider = new Provider(issuer, configuration);
  addressedAs(provider, issuer);
  return provider;
}

/**
 * The provider writes its endpoints' URLs (metadata, a registration's `registration_client_uri`)
 * from the request's scheme and host, which Koa reads from the Host header (X-Forwarded-Host and
 * X-Forwarded-Proto behind a proxy): a forged Host would send clients' codes and refresh tokens
 * elsewhere, and a TLS proxy would have it name http:// endpoints. Every request it handles is
 * taken as addressed to the issuer's origin (PUBLIC_URL, or the listening address) instead; its
 * cookies are then Secure exactly when that origin is https.
 */
function addressedAs(provider: Provider, issuer: string): void {
  const { protocol, host } = new URL(issuer);
  Object.defineProperties(provider.request, {
    protocol: { get: () => protocol.slice(0, -1) },
    host: { get: () => host },
  });
}
