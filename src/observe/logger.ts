import type { LoggerService } from '@nestjs/common';
import { destination as pinoDestination, type DestinationStream, type Level, type Logger as Pino, pino, stdTimeFunctions } from 'pino';
import type { LogLevelName } from '../config/log-settings.js';
import { currentRequestId } from '../database/call-scope.js';

/**
 * Keys whose values never reach a log line, wherever they sit in a logged object (one level down):
 * tokens, passwords, one-time codes, authorization headers. Request bodies are never logged at all.
 */
export const REDACTED_KEYS = ['token', 'password', 'secret', 'authorization', 'otp', 'code_value'];
const REDACT_PATHS = [...REDACTED_KEYS, ...REDACTED_KEYS.map((key) => `*.${key}`)];

/**
 * Nest's logger interface over pino: one JSON line per event on stderr (stdout is the protocol's on
 * stdio), with time, level, context, and the request id of the call the line was written in.
 * A message that is an object is merged into the line (`msg` is its text); a string is the `msg`.
 */
/** Contexts (logger names) whose child logger is kept: Nest's loggers are a few dozen. */
const MAX_CONTEXTS = 200;

export class JsonLogger implements LoggerService {
  private readonly pino: Pino;
  /** One child per context: its `context` is serialized once, and a call's object is logged as is, not copied. */
  private readonly byContext = new Map<string, Pino>();

  /**
   * Lines are written in batches of at least 4 KiB, and at least every 100 ms: at one line per call, a
   * write per line was a system call (and a wake-up of the writer thread) per call. Lines still
   * buffered when the process exits are written then (pino flushes its destination on exit).
   */
  constructor(level: LogLevelName, destination: DestinationStream = pinoDestination({ dest: 2, sync: false, minLength: 4096, periodicFlush: 100 })) {
    this.pino = pino(
      {
        level,
        base: undefined,
        messageKey: 'msg',
        timestamp: stdTimeFunctions.isoTime,
        formatters: { level: (label) => ({ level: label }) },
        redact: { paths: REDACT_PATHS, censor: '[redacted]' },
        mixin: () => {
          const requestId = currentRequestId();
          return requestId === null ? {} : { request_id: requestId };
        },
      },
      destination,
    );
  }

  log(message: unknown, ...rest: unknown[]): void {
    this.write('info', message, rest);
  }

  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }

  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }

  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }

  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }

  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }

  /** Writes what is buffered (before the process exits). */
  flush(): void {
    this.pino.flush();
  }

  private write(level: Level, message: unknown, rest: unknown[]): void {
    if (!this.pino.isLevelEnabled(level)) return;
    // Nest passes the context last (a Logger's name), and for errors a stack before it.
    const context = rest.length > 0 && typeof rest[rest.length - 1] === 'string' ? (rest[rest.length - 1] as string) : undefined;
    const stack = rest.length > 1 && typeof rest[0] === 'string' ? rest[0] : undefined;
    if (!stack && typeof message === 'object' && message !== null && !(message instanceof Error)) {
      this.loggerOf(context)[level](message);
      return;
    }
    const fields: Record<string, unknown> = { context };
    if (stack) fields.stack = stack;
    if (typeof message === 'object' && message !== null && !(message instanceof Error)) {
      this.pino[level]({ ...fields, ...(message as Record<string, unknown>) });
    } else if (message instanceof Error) {
      this.pino[level]({ ...fields, err: { message: message.message, stack: message.stack } }, message.message);
    } else {
      this.pino[level](fields, String(message));
    }
  }

  private loggerOf(context: string | undefined): Pino {
    if (context === undefined) return this.pino;
    let child = this.byContext.get(context);
    if (!child) {
      if (this.byContext.size >= MAX_CONTEXTS) return this.pino.child({ context });
      child = this.pino.child({ context });
      this.byContext.set(context, child);
    }
    return child;
  }
}
