import type { LoggerService } from '@nestjs/common';
import { destination as pinoDestination, type DestinationStream, type Level, type Logger as Pino, pino } from 'pino';
import type { LogLevelName } from '../config/log-settings.js';
import { currentRequestId } from '../database/call-scope.js';

/**
 * Keys whose values never reach a log line, wherever they sit in a logged object (one level down):
 * tokens, passwords, one-time codes, authorization headers. Request bodies are never logged at all.
 */
export const REDACTED_KEYS = ['token', 'password', 'secret', 'authorization', 'otp', 'code_value'];
const REDACT_PATHS = [...REDACTED_KEYS, ...REDACTED_KEYS.map((key) => `*.${key}`)];
const REDACTED = new Set(REDACTED_KEYS);

/**
 * True when a line's object holds a key redaction would censor, at its top or one level down (the
 * paths above). Pino's redaction runs every value of every line through a cloning serializer, found
 * or not; most lines (one per call) hold none of these keys and are written without it, unchanged.
 */
export function holdsRedactedKey(fields: object): boolean {
  for (const key in fields) {
    if (REDACTED.has(key)) return true;
    const value = (fields as Record<string, unknown>)[key];
    if (typeof value === 'object' && value !== null) {
      for (const secret of REDACTED_KEYS) if (secret in value) return true;
    }
  }
  return false;
}

/** The mixin of a line written outside any call: nothing to add, so the line's own object is written as is (no copy). */
const NO_CALL: Record<string, never> = Object.freeze({});

/**
 * A line's time, as pino's isoTime writes it, formatted once per millisecond: at one line per call,
 * several lines share a millisecond under load.
 */
function isoTimeOncePerMs(): () => string {
  let lastMs = -1;
  let text = '';
  return () => {
    const now = Date.now();
    if (now !== lastMs) {
      lastMs = now;
      text = `,"time":"${new Date(now).toISOString()}"`;
    }
    return text;
  };
}

/**
 * Nest's logger interface over pino: one JSON line per event on stderr (stdout is the protocol's on
 * stdio), with time, level, context, and the request id of the call the line was written in.
 * A message that is an object is merged into the line (`msg` is its text); a string is the `msg`.
 */
/** Contexts (logger names) whose child logger is kept: Nest's loggers are a few dozen. */
const MAX_CONTEXTS = 200;

export class JsonLogger implements LoggerService {
  private readonly pino: Pino;
  /** The same logger without redaction, for lines that hold no redacted key (holdsRedactedKey). */
  private readonly plain: Pino;
  /** One child per context: its `context` is serialized once, and a call's object is logged as is, not copied. */
  private readonly byContext = new Map<string, Pino>();
  private readonly plainByContext = new Map<string, Pino>();

  /**
   * Lines are written in batches of at least 4 KiB, and at least every 100 ms: at one line per call, a
   * write per line was a system call (and a wake-up of the writer thread) per call. Lines still
   * buffered when the process exits are written then (pino flushes its destination on exit).
   */
  constructor(level: LogLevelName, destination: DestinationStream = pinoDestination({ dest: 2, sync: false, minLength: 4096, periodicFlush: 100 })) {
    const options = {
      level,
      base: undefined,
      messageKey: 'msg',
      timestamp: isoTimeOncePerMs(),
      formatters: { level: (label: string) => ({ level: label }) },
      mixin: (): Record<string, unknown> => {
        const requestId = currentRequestId();
        return requestId === null ? NO_CALL : { request_id: requestId };
      },
      // Pino's own merge, Object.assign(mixin, line), but without copying the line when there is nothing to add.
      mixinMergeStrategy: (line: object, mixin: object): object => (mixin === NO_CALL ? line : Object.assign(mixin, line)),
    };
    this.pino = pino({ ...options, redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, destination);
    this.plain = pino(options, destination);
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
      this.loggerOf(context, holdsRedactedKey(message))[level](message);
      return;
    }
    const fields: Record<string, unknown> = { context };
    if (stack) fields.stack = stack;
    if (typeof message === 'object' && message !== null && !(message instanceof Error)) {
      const merged = { ...fields, ...(message as Record<string, unknown>) };
      this.rootOf(holdsRedactedKey(merged))[level](merged);
    } else if (message instanceof Error) {
      this.pino[level]({ ...fields, err: { message: message.message, stack: message.stack } }, message.message);
    } else {
      this.rootOf(holdsRedactedKey(fields))[level](fields, String(message));
    }
  }

  private rootOf(redacting: boolean): Pino {
    return redacting ? this.pino : this.plain;
  }

  private loggerOf(context: string | undefined, redacting: boolean): Pino {
    const root = this.rootOf(redacting);
    if (context === undefined) return root;
    const children = redacting ? this.byContext : this.plainByContext;
    let child = children.get(context);
    if (!child) {
      if (children.size >= MAX_CONTEXTS) return root.child({ context });
      child = root.child({ context });
      children.set(context, child);
    }
    return child;
  }
}
