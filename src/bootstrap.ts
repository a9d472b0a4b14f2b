import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { ConsoleLogger, type INestApplication, type INestApplicationContext, type LoggerService, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import express, { type NextFunction, type Request, type Response } from 'express';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module.js';
import { AuditService } from './audit/audit.service.js';
import type { AuditEntry } from './audit/audit-entry.js';
import { AppConfig } from './config/app-config.js';
import { loadConfig } from './config/env.schema.js';
import type { LogLevelName } from './config/log-settings.js';
import { servingCalls } from './database/write-permit.js';
import { DeskError } from './envelope/desk-error.js';
import { errorEnvelope } from './envelope/envelope-builder.js';
import { toDeskError } from './envelope/error-mapping.js';
import { httpStatusOf } from './envelope/http-status.js';
import type { Issue } from './envelope/issue.js';
import { refuseNonUtf8Body } from './envelope/utf8-body.js';
import { OAuthHttp } from './oauth/oauth-http.js';
import { JsonLogger } from './observe/logger.js';
import { MetricsEndpoint } from './observe/metrics.endpoint.js';
import { assignRequestId, requestIdOf } from './observe/request-id.js';
import { stderrLinesWritten } from './observe/stderr-lines.js';
import { serveApiDocs } from './openapi/api-docs.js';
import { ClientAddresses } from './transports/http/client-address.js';
import { ConnectionCap } from './transports/http/connection-cap.js';
import { refuseMediaType } from './transports/mcp/http-body.js';
import { isMcpPath, McpHttpEndpoint } from './transports/mcp/mcp-http.endpoint.js';

type Env = Record<string, string | undefined>;

/** The configuration: parsed from an environment, or as already parsed by the caller (parsed once per process). */
export type ConfigSource = Env | AppConfig;

function configOf(source: ConfigSource): AppConfig {
  return source instanceof AppConfig ? source : loadConfig(source);
}

/** Logs to stderr only: on stdio, stdout carries nothing but the protocol. */
export class StderrLogger extends ConsoleLogger {
  protected override printMessages(messages: unknown[], context?: string, logLevel?: LogLevel): void {
    super.printMessages(messages, context, logLevel, 'stderr');
  }
}

const NEST_LEVELS: Record<LogLevelName, LogLevel[]> = {
  fatal: ['fatal'],
  error: ['fatal', 'error'],
  warn: ['fatal', 'error', 'warn'],
  info: ['fatal', 'error', 'warn', 'log'],
  debug: ['fatal', 'error', 'warn', 'log', 'debug'],
  trace: ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'],
};

/** The process's logger, per LOG_FORMAT and LOG_LEVEL: JSON lines (pino) or Nest's console lines, on stderr either way. */
export function processLogger(config: Pick<AppConfig, 'logFormat' | 'logLevel'>): LoggerService {
  return config.logFormat === 'json' ? new JsonLogger(config.logLevel) : new StderrLogger({ logLevels: NEST_LEVELS[config.logLevel] });
}

/** Body parsing errors (bad JSON, too large) answered with the error envelope, not an HTML page. */
function bodyErrorHandler(error: unknown, req: Request, res: Response, next: NextFunction): void {
  if (!error) {
    next();
    return;
  }
  const { error: toolError } = toDeskError(error);
  // A body over BODY_LIMIT is 413 (Payload Too Large), whatever the envelope's code maps to.
  answerBodyError(req, res, toolError.issues?.[0]?.code === 'TOO_LONG' ? 413 : httpStatusOf(toolError.code), toolError);
}

function answerBodyError(req: Request, res: Response, status: number, error: DeskError): void {
  // The path in full (`req.path` is relative to where the handler is mounted: `/tickets` under `/api`), as every REST refusal names it.
  const route = `${req.method} ${req.baseUrl}${req.path}`;
  res.status(status).json(errorEnvelope({ tool: null, route, domain: null, sessionId: null, requestId: requestIdOf(req) }, error));
}

/**
 * A REST body is read as /mcp reads one (refuseMediaType): UTF-8 JSON, uncompressed, or 415 before
 * it is read. The JSON parser passes any other type by unread, and the route would take the body
 * for no arguments at all ("name is required" for a JSON text sent as text/plain).
 */
function refuseUnreadableBody(req: Request, res: Response, next: NextFunction): void {
  const refused = hasBody(req) ? refuseMediaType(req) : undefined;
  if (!refused) {
    next();
    return;
  }
  const issue: Issue = { field: '(body)', code: 'INVALID_TYPE', message: refused.message, expected: refused.expected, received: refused.received };
  answerBodyError(req, res, refused.status, DeskError.validation(undefined, [issue]));
}

/** A request carries a body: sent in chunks, or of a length above zero. */
function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length']) > 0;
}

export interface HttpAppOptions {
  logger?: false | LogLevel[] | LoggerService;
}

/** The HTTP application (REST, MCP over Streamable HTTP, health, OpenAPI), initialized but not listening. */
export async function createHttpApp(source: ConfigSource = process.env, options: HttpAppOptions = {}): Promise<INestApplication> {
  const config = configOf(source);
  const app = await NestFactory.create(AppModule.forRoot(config), {
    // A failure to start (the database cannot be opened) reaches the caller, who names it in one line, instead of Nest exiting first.
    abortOnError: false,
    bodyParser: false,
    logger: options.logger === undefined ? processLogger(config) : options.logger,
  });
  // Answers are never cached by validators: no ETag hashing of every body.
  const express_ = app.getHttpAdapter().getInstance() as { set(setting: string, value: unknown): void; disable(setting: string): void };
  express_.set('etag', false);
  express_.disable('x-powered-by');
  app.use('/api', refuseUnreadableBody);
  // Not strict: a body of null, a string or a number is read, and refused by the input parser as no object (not as invalid JSON).
  app.use(express.json({ limit: config.bodyLimit, strict: false, type: ['application/json', 'application/*+json'], verify: refuseNonUtf8Body }));
  // The approval page's forms (no JavaScript): a decision and a token, nothing more.
  app.use('/approve', express.urlencoded({ extended: false, limit: '4kb' }));
  app.use(bodyErrorHandler);
  const server = app.getHttpServer() as Server;
  const cap = new ConnectionCap(app.get(ClientAddresses), config.httpMaxConnectionsPerClient);
  server.prependListener('connection', cap.onConnection);
  const metrics = app.get(MetricsEndpoint);
  const addresses = app.get(ClientAddresses);
  const oauth = app.get(OAuthHttp);
  const drainer = new HttpDrainer(server);
  serveAhead(
    server,
    [
      { serves: isMcpPath, listener: app.get(McpHttpEndpoint).handler },
      { serves: (url) => oauth.serves(url), listener: oauth.handler((req) => addresses.of(req)) },
    ],
    (req, res) => cap.admit(req, res) && !metrics.serveOnMainPort(req, res),
    drainer.track,
  );
  serveApiDocs(app);
  applyTimeouts(server, config);
  drainers.set(app, drainer);
  await app.init();
  // Migrated and seeded: from now on its domain tables change only inside the write unit.
  servingCalls(app.get(DataSource));
  await metrics.start();
  return app;
}

/**
 * Deadlines for slow clients. Headers (HTTP_HEADERS_TIMEOUT_MS) and the whole request with its body
 * (HTTP_REQUEST_TIMEOUT_MS) are timed from the request's first byte — or from the connection's
 * opening, for a connection that sends nothing — and answered 408 and closed past them.
 * Idle keep-alive connections (HTTP_KEEP_ALIVE_TIMEOUT_MS, 65 s by default) outlive a proxy's or
 * load balancer's (commonly 60 s), so the proxy, not this server, closes them: otherwise a request
 * sent on a connection at the moment this side closes it fails at the client. Node times headers
 * per request, not over the idle time between requests, so the headers deadline can stay short
 * without cutting kept-alive connections. Graceful shutdown closes idle connections at once anyway.
 */
function applyTimeouts(server: Server, config: AppConfig): void {
  server.headersTimeout = config.httpHeadersTimeoutMs;
  server.requestTimeout = config.httpRequestTimeoutMs;
  server.keepAliveTimeout = config.httpKeepAliveTimeoutMs;
  // Deadlines are checked on this period (Node's default is 30 s): a quarter of the shortest, at most 1 s.
  const shortest = Math.min(config.httpHeadersTimeoutMs, config.httpRequestTimeoutMs);
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = Math.max(50, Math.min(1000, Math.floor(shortest / 4)));
}

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/** A listener served ahead of the REST framework, for the URLs it `serves`. */
interface AheadRoute {
  serves: (url: string | undefined) => boolean;
  listener: RequestListener;
}

/**
 * Puts the MCP endpoint and OAuth in front of the REST framework on the HTTP server: requests they
 * serve go straight to them (no router, body parser or response helpers of the framework),
 * everything else to the framework's own listener; none of them before `admit` lets it through
 * (the per-client connection cap; /metrics, when it answers it). Every request is first `track`ed
 * (the drain's count of what is in flight), then gets its request id, and every answer carries it.
 * One listener for all of it: each more would be one more call of every request's event.
 */
function serveAhead(
  server: Server,
  routes: AheadRoute[],
  admit: (req: IncomingMessage, res: ServerResponse) => boolean,
  track: (req: IncomingMessage, res: ServerResponse) => void,
): void {
  const framework = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    track(req, res);
    assignRequestId(req, res);
    if (!admit(req, res)) return;
    const route = routes.find((r) => r.serves(req.url));
    if (route) route.listener(req, res);
    else for (const listener of framework) listener(req, res);
  });
}

/**
 * Tracks the server's connections and the requests in flight on each, so a shutdown can stop
 * accepting, let running requests finish, and close keep-alive connections instead of waiting for
 * clients to drop them (an idle keep-alive socket would otherwise hold `server.close()` open).
 */
class HttpDrainer {
  /** The responses in flight on each open connection. */
  private readonly sockets = new Map<Socket, Set<ServerResponse>>();
  private draining = false;
  private settled: (() => void) | null = null;

  constructor(private readonly server: Server) {
    server.on('connection', (socket: Socket) => {
      this.sockets.set(socket, new Set());
      socket.once('close', () => {
        this.sockets.delete(socket);
        this.check();
      });
    });
  }

  /** Counts `res` in flight on its connection until it closes: every request passes here first. */
  readonly track = (req: IncomingMessage, res: ServerResponse): void => {
    const socket = req.socket;
    const responses = this.sockets.get(socket);
    if (!responses) return;
    responses.add(res);
    // A request that arrives on a kept-alive connection during the drain is served, then the connection closes.
    if (this.draining) closeAfter(res);
    // A response closes once: `on` spares the wrapper `once` makes per request.
    res.on('close', () => {
      responses.delete(res);
      if (this.draining && responses.size === 0) socket.end();
      this.check();
    });
  };

  get inFlight(): number {
    let total = 0;
    for (const responses of this.sockets.values()) total += responses.size;
    return total;
  }

  /**
   * Stops accepting connections, closes idle ones, and waits up to `graceMs` for in-flight requests;
   * then closes whatever is left. Resolves with the requests cut off by the deadline.
   */
  async drain(graceMs: number): Promise<IncomingMessage[]> {
    this.draining = true;
    if (this.server.listening) this.server.close();
    for (const [socket, responses] of this.sockets) {
      if (responses.size === 0) socket.destroy();
      else responses.forEach(closeAfter);
    }
    if (this.inFlight > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, graceMs);
        timer.unref();
        this.settled = () => {
          clearTimeout(timer);
          resolve();
        };
        this.check();
      });
      this.settled = null;
    }
    const cutOff: IncomingMessage[] = [];
    for (const responses of this.sockets.values()) for (const res of responses) cutOff.push(res.req);
    for (const socket of this.sockets.keys()) socket.destroy();
    return cutOff;
  }

  private check(): void {
    if (this.settled && this.inFlight === 0) this.settled();
  }
}

/** Tells the client this connection ends with the response (when the headers are not out yet). */
function closeAfter(res: ServerResponse): void {
  if (!res.headersSent) res.setHeader('Connection', 'close');
}

const drainers = new WeakMap<INestApplication, HttpDrainer>();

export interface ShutdownReport {
  /** Requests still running when the grace period ended (their connections were closed). */
  cutOff: number;
  durationMs: number;
}

/**
 * Graceful stop of an application made by createHttpApp: stop accepting connections, let in-flight
 * requests finish (at most `graceMs`), close keep-alive connections, write the pending audit entries,
 * then close the application (database pool and rate-limit store included). Last, whether it closed
 * or failed to, the JSON log lines are written out without blocking the event loop (the exit next
 * would wait for them too, blocked).
 */
export async function closeGracefully(app: INestApplication, graceMs: number): Promise<ShutdownReport> {
  const started = Date.now();
  try {
    const cutOff = (await drainers.get(app)?.drain(graceMs)) ?? [];
    const audit = app.get(AuditService);
    // A call cut off may never write its own entry (it would end after the last flush): each says so here.
    for (const req of cutOff) audit.record(cutOffEntry(req, graceMs));
    await audit.flush();
    await app.close(); // closes the pool and, through CallLimits, the rate-limit store
    return { cutOff: cutOff.length, durationMs: Date.now() - started };
  } finally {
    await stderrLinesWritten();
  }
}

/** The audit entry of a request still running when the shutdown's grace period ended: whose it was is not known here. */
function cutOffEntry(req: IncomingMessage, graceMs: number): AuditEntry {
  const url = req.url ?? '/';
  return {
    at: new Date(),
    users_id: null,
    token_id: null,
    session_id: null,
    request_id: requestIdOf(req),
    transport: isMcpPath(url) ? 'mcp' : url.startsWith('/approve') || url.startsWith('/oauth') ? 'web' : 'rest',
    tool: null,
    route: `${req.method ?? 'GET'} ${url.split('?')[0].slice(0, 200)}`,
    domain: null,
    outcome: 'UNAVAILABLE',
    duration_ms: graceMs,
    changes: null,
    message: `Cut off by the server stopping: still running when its ${graceMs} ms grace period ended.`,
  };
}

/** The application without HTTP, for stdio and the CLI. */
export async function createContext(source: ConfigSource = process.env, logger?: false | LoggerService): Promise<INestApplicationContext> {
  const config = configOf(source);
  // abortOnError: with the logger off (the CLIs), Nest would exit without a word; the caller says why.
  return NestFactory.createApplicationContext(AppModule.forRoot(config), { abortOnError: false, logger: logger ?? processLogger(config) });
}
