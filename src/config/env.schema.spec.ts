import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { jest } from '@jest/globals';
import { databaseLabel } from './app-config.js';
import { loadConfig } from './env.schema.js';
import { PROJECT_ROOT } from './project-root.js';

describe('DATABASE_URL', () => {
  afterEach(() => jest.restoreAllMocks());

  it('finds the project folder (the one whose package.json is intentdesk)', () => {
    const manifest = join(PROJECT_ROOT, 'package.json');
    expect(existsSync(manifest)).toBe(true);
    expect((JSON.parse(readFileSync(manifest, 'utf8')) as { name: string }).name).toBe('intentdesk');
  });

  it('defaults to data/intentdesk.sqlite in the project folder, whatever the current directory', () => {
    jest.spyOn(process, 'cwd').mockReturnValue('/somewhere/else');
    expect(loadConfig({}).database).toEqual({ type: 'sqlite', path: join(PROJECT_ROOT, 'data', 'intentdesk.sqlite') });
  });

  it('reads a relative sqlite: path given explicitly against the current directory, and keeps :memory:', () => {
    jest.spyOn(process, 'cwd').mockReturnValue('/work/here');
    expect(loadConfig({ DATABASE_URL: 'sqlite:./db/x.sqlite' }).database).toEqual({ type: 'sqlite', path: '/work/here/db/x.sqlite' });
    expect(loadConfig({ DATABASE_URL: 'sqlite::memory:' }).database).toEqual({ type: 'sqlite', path: ':memory:' });
  });

  it('is named without its password', () => {
    expect(databaseLabel(loadConfig({ DATABASE_URL: 'mysql://app:s3cret@db.example:3306/intentdesk' }).database)).toBe(
      'mysql://app@db.example:3306/intentdesk',
    );
    expect(databaseLabel(loadConfig({ DATABASE_URL: 'sqlite:/var/lib/intentdesk.sqlite' }).database)).toBe('sqlite:/var/lib/intentdesk.sqlite');
  });
});

describe('logs and metrics settings', () => {
  it('default to JSON lines at info, no /metrics, a 30 s audit stall', () => {
    const config = loadConfig({ LOG_FORMAT: 'json' });
    expect([config.logFormat, config.logLevel, config.metricsToken, config.metricsPort, config.readyAuditStallMs]).toEqual([
      'json',
      'info',
      null,
      null,
      30_000,
    ]);
  });

  it('name every bad value at once', () => {
    expect(() => loadConfig({ LOG_FORMAT: 'xml', LOG_LEVEL: 'loud', METRICS_TOKEN: 'short', METRICS_PORT: '3000', PORT: '3000' })).toThrow(
      /LOG_FORMAT="xml" must be json or pretty; LOG_LEVEL="loud" must be one of fatal, error, warn, info, debug, trace; METRICS_TOKEN must be at least 16 characters; METRICS_PORT must differ from PORT/,
    );
  });

  it('take integers written as decimal digits only, and a pool a write transaction and a read can share', () => {
    expect(loadConfig({ RATE_LIMIT_READS: '16', DB_TIMEOUT_MS: ' 10000 ' })).toMatchObject({ rateLimitReads: 16, dbTimeoutMs: 10000 });
    for (const [name, raw] of [
      ['RATE_LIMIT_READS', '0x10'],
      ['DB_TIMEOUT_MS', '1e4'],
      ['PORT', '3000.0'],
      ['DB_POOL_SIZE', '1'],
    ])
      expect(() => loadConfig({ [name]: raw })).toThrow(`${name}=${JSON.stringify(raw)} must be an integer from`);
  });
});

describe('OAuth settings', () => {
  it('takes an origin as PUBLIC_URL and an http(s) issuer, and names each bad one', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://desk.example.com/', OAUTH_ISSUER: 'https://id.example.com/realms/desk' });
    expect(config.publicUrl).toBe('https://desk.example.com');
    expect(config.oauthIssuer).toBe('https://id.example.com/realms/desk');
    expect(() => loadConfig({ PUBLIC_URL: 'https://desk.example.com/mcp', OAUTH_ISSUER: 'ftp://x' })).toThrow(/PUBLIC_URL.*no path.*OAUTH_ISSUER/);
    expect(() => loadConfig({ OAUTH_ISSUER: 'https://id.example.com' })).toThrow(/OAUTH_ISSUER needs PUBLIC_URL/);
  });
});

describe('ALLOWED_ORIGINS', () => {
  it('takes browser origins as a browser sends them, or *, and names each entry that could never match', () => {
    expect(loadConfig({ ALLOWED_ORIGINS: 'https://desk.example.com, http://localhost:5173,*' }).allowedOrigins).toEqual([
      'https://desk.example.com',
      'http://localhost:5173',
      '*',
    ]);
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'foo,https://desk.example.com/,https://desk.example.com/app' })).toThrow(
      /ALLOWED_ORIGINS entry "foo" is not an origin.*entry "https:\/\/desk.example.com\/" is not an origin \(write https:\/\/desk.example.com\).*entry "https:\/\/desk.example.com\/app" is not an origin \(write https:\/\/desk.example.com\)/,
    );
  });
});
