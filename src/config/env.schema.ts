import { join, resolve } from 'node:path';
import { isValidTimeZone } from '../dates/dates.js';
import { AppConfig, type ApprovalRequiredFor, type DatabaseTarget, type OtpDelivery, type OtpRequiredFor } from './app-config.js';
import { defaultLogFormat, LOG_LEVELS, type LogLevelName } from './log-settings.js';
import { PROJECT_ROOT } from './project-root.js';
import { parseTrustedProxies } from './trusted-proxies.js';

/** Where the default database lives: in the project folder, not the caller's current directory. */
const DEFAULT_SQLITE_PATH = join(PROJECT_ROOT, 'data', 'intentdesk.sqlite');

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min: number, max: number, problems: string[]): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  // Decimal digits only: Number() would also take "0x10" (16) and "1e4", never what an operator meant to write.
  const value = /^\s*\d+\s*$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(value) || value < min || value > max) {
    problems.push(`${name}=${JSON.stringify(raw)} must be an integer from ${min} to ${max}`);
    return fallback;
  }
  return value;
}

function database(raw: string, problems: string[]): DatabaseTarget {
  if (raw.startsWith('sqlite:')) {
    const path = raw.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (!path) problems.push('DATABASE_URL sqlite: needs a path (sqlite:./data/intentdesk.sqlite or sqlite::memory:)');
    // Absolute from here on, so the path logged at start is the file actually opened.
    return { type: 'sqlite', path: !path || path === ':memory:' ? ':memory:' : resolve(process.cwd(), path) };
  }
  if (/^(mysql|mariadb):\/\//.test(raw)) {
    try {
      const url = new URL(raw.replace(/^mariadb:/, 'mysql:'));
      const db = decodeURIComponent(url.pathname.replace(/^\//, ''));
      if (!db) problems.push('DATABASE_URL must name a database: mysql://user:pass@host:3306/intentdesk');
      return { type: 'mysql', url: url.toString(), database: db };
    } catch {
      problems.push('DATABASE_URL is not a valid mysql:// URL');
    }
  } else {
    problems.push(`DATABASE_URL must start with sqlite: or mysql:// (got ${JSON.stringify(raw.split(':')[0])})`);
  }
  return { type: 'sqlite', path: ':memory:' };
}

function otpDelivery(raw: string, problems: string[]): OtpDelivery {
  if (raw === 'log') return { kind: 'log' };
  if (raw.startsWith('file:') && raw.length > 5) return { kind: 'file', path: raw.slice(5) };
  if (raw.startsWith('webhook:')) {
    const url = raw.slice(8);
    if (/^https?:\/\//.test(url)) return { kind: 'webhook', url };
  }
  problems.push(`OTP_DELIVERY=${JSON.stringify(raw)} must be log, file:<path> or webhook:<http(s) url>`);
  return { kind: 'log' };
}

/** LOG_FORMAT, LOG_LEVEL, METRICS_TOKEN, METRICS_PORT, READY_AUDIT_STALL_MS. */
function observability(env: Env, config: AppConfig, problems: string[]): void {
  const format = env.LOG_FORMAT || defaultLogFormat(process.stderr.isTTY);
  if (format !== 'json' && format !== 'pretty') problems.push(`LOG_FORMAT=${JSON.stringify(format)} must be json or pretty`);
  config.logFormat = format === 'pretty' ? 'pretty' : 'json';
  const level = env.LOG_LEVEL || 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(level)) problems.push(`LOG_LEVEL=${JSON.stringify(level)} must be one of ${LOG_LEVELS.join(', ')}`);
  config.logLevel = (LOG_LEVELS as readonly string[]).includes(level) ? (level as LogLevelName) : 'info';
  config.metricsToken = env.METRICS_TOKEN || null;
  if (config.metricsToken !== null && config.metricsToken.length < 16) problems.push('METRICS_TOKEN must be at least 16 characters');
  const port = int(env, 'METRICS_PORT', 0, 1, 65535, problems);
  config.metricsPort = port === 0 ? null : port;
  if (config.metricsPort !== null && config.metricsPort === config.port) problems.push('METRICS_PORT must differ from PORT');
  config.otelEndpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT || null;
  if (config.otelEndpoint !== null && !/^https?:\/\//.test(config.otelEndpoint)) problems.push('OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL');
  config.readyAuditStallMs = int(env, 'READY_AUDIT_STALL_MS', 30_000, 100, 3_600_000, problems);
}

/** An http(s) URL without query or fragment, trailing slashes dropped; null when unset. */
function httpUrl(env: Env, name: string, problems: string[]): string | null {
  const raw = env[name];
  if (!raw) return null;
  const url = URL.parse(raw);
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash || url.username || url.password) {
    problems.push(`${name}=${JSON.stringify(raw)} must be an http(s) URL without credentials, query or fragment`);
    return null;
  }
  return url.href.replace(/\/+$/, '');
}

/**
 * ALLOWED_ORIGINS: `*` or origins as a browser's Origin header writes them (scheme, host, port; no
 * path, no trailing slash). Any other entry could never match a request: named, not kept.
 */
function allowedOrigins(env: Env, problems: string[]): string[] {
  const entries = (env.ALLOWED_ORIGINS || '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (entry === '*') continue;
    const url = URL.parse(entry);
    if (url && /^https?:$/.test(url.protocol) && url.origin === entry) continue;
    const meant = url && /^https?:$/.test(url.protocol) ? ` (write ${url.origin})` : ' (write it as https://host or http://host:port)';
    problems.push(`ALLOWED_ORIGINS entry ${JSON.stringify(entry)} is not an origin${meant}`);
  }
  return entries;
}

/** PUBLIC_URL: an origin only (the MCP resource is <PUBLIC_URL>/mcp). */
function publicUrl(env: Env, problems: string[]): string | null {
  const url = httpUrl(env, 'PUBLIC_URL', problems);
  if (url && new URL(url).pathname !== '/') {
    problems.push(`PUBLIC_URL=${JSON.stringify(env.PUBLIC_URL)} must have no path (https://desk.example.com)`);
    return null;
  }
  return url;
}

/** Builds the configuration from the environment, naming every bad variable at once. */
export function loadConfig(env: Env): AppConfig {
  const problems: string[] = [];
  const config = new AppConfig();
  config.database = database(env.DATABASE_URL || `sqlite:${DEFAULT_SQLITE_PATH}`, problems);
  config.host = env.HOST || '127.0.0.1';
  config.port = int(env, 'PORT', 3000, 0, 65535, problems);
  config.redisUrl = env.REDIS_URL || null;
  if (config.redisUrl && !/^rediss?:\/\//.test(config.redisUrl)) problems.push('REDIS_URL must start with redis:// or rediss://');
  const seed = env.SEED_DEMO;
  if (seed === undefined || seed === '') config.seedDemo = undefined;
  else if (seed === 'true' || seed === 'false') config.seedDemo = seed === 'true';
  else problems.push(`SEED_DEMO=${JSON.stringify(seed)} must be true or false`);
  config.mcpToken = env.MCP_TOKEN || null;
  config.defaultTimezone = env.DEFAULT_TIMEZONE || 'UTC';
  if (!isValidTimeZone(config.defaultTimezone)) problems.push(`DEFAULT_TIMEZONE=${JSON.stringify(env.DEFAULT_TIMEZONE)} is not an IANA time zone`);
  const otpFor = env.OTP_REQUIRED_FOR || 'write';
  if (!['write', 'destructive', 'none'].includes(otpFor)) problems.push(`OTP_REQUIRED_FOR=${JSON.stringify(otpFor)} must be write, destructive or none`);
  config.otpRequiredFor = otpFor as OtpRequiredFor;
  config.otpDelivery = otpDelivery(env.OTP_DELIVERY || 'log', problems);
  const approvalFor = env.APPROVAL_REQUIRED_FOR || 'destructive';
  if (!['write', 'destructive', 'none'].includes(approvalFor)) {
    problems.push(`APPROVAL_REQUIRED_FOR=${JSON.stringify(approvalFor)} must be write, destructive or none`);
  }
  config.approvalRequiredFor = approvalFor as ApprovalRequiredFor;
  config.approvalTtlSeconds = int(env, 'APPROVAL_TTL_SECONDS', 600, 30, 86_400, problems);
  config.rateLimitReads = int(env, 'RATE_LIMIT_READS', 120, 1, 1_000_000, problems);
  config.rateLimitWrites = int(env, 'RATE_LIMIT_WRITES', 30, 1, 1_000_000, problems);
  config.sessionIdleMinutes = int(env, 'SESSION_IDLE_MINUTES', 60, 1, 60 * 24 * 30, problems);
  config.otpTtlSeconds = int(env, 'OTP_TTL_SECONDS', 300, 30, 3600, problems);
  config.otpResendSeconds = int(env, 'OTP_RESEND_SECONDS', 30, 0, 600, problems);
  config.verificationTtlMinutes = int(env, 'VERIFICATION_TTL_MINUTES', 30, 1, 60 * 24, problems);
  config.otpLockMinutes = int(env, 'OTP_LOCK_MINUTES', 15, 1, 60 * 24, problems);
  config.allowedOrigins = allowedOrigins(env, problems);
  // At least 2: a write transaction holds one connection and the reads beside it need another.
  config.dbPoolSize = int(env, 'DB_POOL_SIZE', 10, 2, 500, problems);
  config.dbTimeoutMs = int(env, 'DB_TIMEOUT_MS', 5000, 100, 600_000, problems);
  config.shutdownGraceMs = int(env, 'SHUTDOWN_GRACE_MS', 10_000, 0, 600_000, problems);
  config.bodyLimit = env.BODY_LIMIT || '1mb';
  if (!/^\d+(kb|mb)$/i.test(config.bodyLimit)) problems.push(`BODY_LIMIT=${JSON.stringify(config.bodyLimit)} must look like 512kb or 1mb`);
  config.trustedProxies = parseTrustedProxies(env.TRUSTED_PROXIES, problems);
  config.rateLimitUnauthenticated = int(env, 'RATE_LIMIT_UNAUTHENTICATED', 60, 1, 1_000_000, problems);
  config.httpHeadersTimeoutMs = int(env, 'HTTP_HEADERS_TIMEOUT_MS', 10_000, 100, 600_000, problems);
  config.httpRequestTimeoutMs = int(env, 'HTTP_REQUEST_TIMEOUT_MS', 30_000, 100, 3_600_000, problems);
  config.httpKeepAliveTimeoutMs = int(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS', 65_000, 100, 3_600_000, problems);
  config.httpMaxConnectionsPerClient = int(env, 'HTTP_MAX_CONNECTIONS_PER_CLIENT', 64, 0, 1_000_000, problems);
  observability(env, config, problems);
  if (config.httpHeadersTimeoutMs > config.httpRequestTimeoutMs) {
    problems.push(`HTTP_HEADERS_TIMEOUT_MS (${config.httpHeadersTimeoutMs}) must not exceed HTTP_REQUEST_TIMEOUT_MS (${config.httpRequestTimeoutMs})`);
  }
  config.publicUrl = publicUrl(env, problems);
  config.oauthIssuer = httpUrl(env, 'OAUTH_ISSUER', problems);
  // An external issuer's tokens are bound to this server's resource URL, which must then be stated.
  if (config.oauthIssuer && !config.publicUrl && !problems.some((p) => p.startsWith('PUBLIC_URL'))) {
    problems.push('OAUTH_ISSUER needs PUBLIC_URL (the address clients reach this server by: tokens must name <PUBLIC_URL>/mcp as their audience)');
  }
  config.oauthLoginClaim = env.OAUTH_LOGIN_CLAIM || 'preferred_username';
  config.oauthAccessTokenTtlSeconds = int(env, 'OAUTH_ACCESS_TOKEN_TTL_SECONDS', 3600, 60, 86_400, problems);
  config.oauthRefreshTokenTtlSeconds = int(env, 'OAUTH_REFRESH_TOKEN_TTL_SECONDS', 30 * 86_400, 300, 365 * 86_400, problems);
  if (problems.length) throw new ConfigError(problems);
  return config;
}
