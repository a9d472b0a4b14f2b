import type { LogFormat, LogLevelName } from './log-settings.js';

export type OtpRequiredFor = 'write' | 'destructive' | 'none';

/** Which MCP writes a person approves on the approval page: every write, the destructive ones, or none. */
export type ApprovalRequiredFor = 'write' | 'destructive' | 'none';

export type OtpDelivery = { kind: 'log' } | { kind: 'file'; path: string } | { kind: 'webhook'; url: string };

export type DatabaseTarget = { type: 'sqlite'; path: string } | { type: 'mysql'; url: string; database: string };

/** The database as logged and shown to people: a SQLite file's absolute path, a MySQL URL without its password. */
export function databaseLabel(target: DatabaseTarget): string {
  return target.type === 'sqlite' ? `sqlite:${target.path}` : withoutPassword(target.url);
}

/** A URL as it may be logged or shown: its password left out (a database's, Redis's). */
export function withoutPassword(raw: string): string {
  try {
    const url = new URL(raw);
    url.password = '';
    return url.toString();
  } catch {
    return '(a URL that does not parse)';
  }
}

/** The validated configuration; built once at boot from the environment (see env.schema.ts). */
export class AppConfig {
  database!: DatabaseTarget;
  host!: string;
  port!: number;
  redisUrl!: string | null;
  /** undefined: seed when the database is empty. */
  seedDemo!: boolean | undefined;
  mcpToken!: string | null;
  defaultTimezone!: string;
  otpRequiredFor!: OtpRequiredFor;
  otpDelivery!: OtpDelivery;
  approvalRequiredFor!: ApprovalRequiredFor;
  /** How long an approval may be decided and then used. */
  approvalTtlSeconds!: number;
  rateLimitReads!: number;
  rateLimitWrites!: number;
  sessionIdleMinutes!: number;
  otpTtlSeconds!: number;
  /** A session is sent a new code at most this often while one is pending (the user's phone or mailbox is not flooded). */
  otpResendSeconds!: number;
  verificationTtlMinutes!: number;
  otpLockMinutes!: number;
  allowedOrigins!: string[];
  dbPoolSize!: number;
  dbTimeoutMs!: number;
  /** How long a shutdown waits for in-flight HTTP requests before closing their connections. */
  shutdownGraceMs!: number;
  bodyLimit!: string;
  /** Proxies (IPs, CIDRs) whose X-Forwarded-For is believed; empty: the TCP peer is the client. */
  trustedProxies!: string[];
  /** Requests with a missing, malformed or unknown token per minute and client address; past it: 429 (a well-formed token is still looked up). */
  rateLimitUnauthenticated!: number;
  /** Time a client has to send a request's headers, and the whole request (headers and body). */
  httpHeadersTimeoutMs!: number;
  httpRequestTimeoutMs!: number;
  /** Idle time before this server closes a kept-alive connection. */
  httpKeepAliveTimeoutMs!: number;
  /** Open connections (or, behind a trusted proxy, requests in flight) per client address; 0: no cap. */
  httpMaxConnectionsPerClient!: number;
  /** json: one JSON line per event (pino); pretty: Nest's console lines. Default: pretty when stderr is a terminal. */
  logFormat!: LogFormat;
  logLevel!: LogLevelName;
  /** /metrics on the main port needs `Authorization: Bearer <metricsToken>`; null: not served there. */
  metricsToken!: string | null;
  /** /metrics served, without a token, on this port only (same HOST); null: none. */
  metricsPort!: number | null;
  /** /ready fails when the oldest unwritten audit entry has waited longer than this (the buffer cannot drain). */
  readyAuditStallMs!: number;
  /** OTLP/HTTP endpoint traces are exported to (`<endpoint>/v1/traces`); null: no tracing, the SDK is not even loaded. */
  otelEndpoint!: string | null;
  /**
   * Where clients reach this server (scheme, host, port, no path): names the MCP resource and the
   * OAuth issuer, and is where people open approval pages. null: the address the server listens on
   * (fine on loopback, not behind a proxy).
   */
  publicUrl!: string | null;
  /** An external OAuth authorization server whose JWTs are accepted (JWKS); null: the built-in one at /oauth. */
  oauthIssuer!: string | null;
  /** The claim of an external issuer's token that holds the GLPI login. */
  oauthLoginClaim!: string;
  /** Lifetimes of OAuth access and refresh tokens. */
  oauthAccessTokenTtlSeconds!: number;
  oauthRefreshTokenTtlSeconds!: number;
}
