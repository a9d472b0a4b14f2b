import { Injectable, Logger } from '@nestjs/common';
import type { JWTPayload } from 'jose';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config.js';
import { loginIs } from '../database/user-keys.js';
import type { McpScope } from './principal.js';
import { whereOf } from './visibility.js';

type Jose = typeof import('jose');

/** jose, loaded with the issuer's keys on the first external token: a server without OAUTH_ISSUER never loads it. */
interface IssuerKeys {
  jose: Jose;
  keySet: ReturnType<Jose['createRemoteJWKSet']>;
}

/** What an external issuer's token says about its caller, once its signature, issuer, audience and time checked out. */
export interface ExternalCaller {
  userId: number;
  scopes: McpScope[];
}

const MCP_SCOPES: readonly McpScope[] = ['mcp', 'mcp:read'];

/** The MCP scopes a token's `scope` (RFC 9068: space-separated) or `scp` (array) claim grants. */
export function mcpScopesOfClaims(payload: JWTPayload): McpScope[] {
  const raw = typeof payload.scope === 'string' ? payload.scope.split(' ') : Array.isArray(payload.scp) ? payload.scp.map(String) : [];
  return MCP_SCOPES.filter((s) => raw.includes(s));
}

/**
 * Access tokens of an external authorization server (OAUTH_ISSUER, e.g. Keycloak): JWTs checked
 * with jose against the issuer's published keys (JWKS, found through its metadata), its `iss`, an
 * audience that is this server's MCP resource (a token minted for another service is refused: no
 * token passthrough), and their lifetime. The GLPI login is the OAUTH_LOGIN_CLAIM claim.
 */
@Injectable()
export class ExternalTokens {
  private readonly logger = new Logger('ExternalTokens');
  private keys: Promise<IssuerKeys> | undefined;

  constructor(
    private readonly config: AppConfig,
    private readonly dataSource: DataSource,
  ) {}

  get enabled(): boolean {
    return this.config.oauthIssuer !== null && this.config.publicUrl !== null;
  }

  /** Whether `token` may be the external issuer's: a JWT's three parts, while an issuer is configured. */
  recognises(token: string): boolean {
    return this.enabled && token.split('.').length === 3;
  }

  /** The caller of a JWT from the external issuer, or undefined when it is not one, or not valid here. */
  async verify(token: string): Promise<ExternalCaller | undefined> {
    if (!this.recognises(token)) return undefined;
    let payload: JWTPayload;
    try {
      const { jose, keySet } = await this.jwks();
      const { payload: verified } = await jose.jwtVerify(token, keySet, {
        issuer: this.config.oauthIssuer!,
        audience: `${this.config.publicUrl}/mcp`,
        clockTolerance: 5,
      });
      payload = verified;
    } catch (error) {
      this.logger.debug(`External token refused: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
    const login = payload[this.config.oauthLoginClaim];
    if (typeof login !== 'string' || !login) return undefined;
    const row = await whereOf(
      this.dataSource.createQueryBuilder().select('u.id', 'id').from('glpi_users', 'u').where('u.is_deleted = 0'),
      loginIs(this.dataSource, 'u', login),
    ).getRawOne<{ id: number }>();
    return row ? { userId: Number(row.id), scopes: mcpScopesOfClaims(payload) } : undefined;
  }

  private jwks(): Promise<IssuerKeys> {
    this.keys ??= this.discover().catch((error: unknown) => {
      this.keys = undefined;
      throw error;
    });
    return this.keys;
  }

  /** The issuer's jwks_uri, from its RFC 8414 metadata (or its OpenID configuration). */
  private async discover(): Promise<IssuerKeys> {
    const issuer = this.config.oauthIssuer!;
    const url = new URL(issuer);
    const path = url.pathname === '/' ? '' : url.pathname;
    for (const candidate of [`${url.origin}/.well-known/oauth-authorization-server${path}`, `${issuer}/.well-known/openid-configuration`]) {
      const res = await fetch(candidate, { signal: AbortSignal.timeout(5000) }).catch(() => undefined);
      if (!res?.ok) continue;
      const metadata = (await res.json()) as { issuer?: string; jwks_uri?: string };
      if (metadata.issuer === issuer && metadata.jwks_uri) {
        const jose = await import('jose');
        return { jose, keySet: jose.createRemoteJWKSet(new URL(metadata.jwks_uri)) };
      }
    }
    throw new Error(`No authorization server metadata with a jwks_uri found for ${issuer}`);
  }
}
