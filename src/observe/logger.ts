import { tracingChannel } from 'node:diagnostics_channel';
import type { LoggerService } from '@nestjs/common';
import { type DestinationStream, type Level, type Logger as Pino, pino, symbols } from 'pino';
import type { LogLevelName } from '../config/log-settings.js';
import { oncePerInstant } from '../dates/once-per-instant.js';
import { stderrLines } from './stderr-lines.js';

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

/** A line whose values are all flat (no object, no `err`): what `writeFlat` serializes itself. */
export type FlatFields = Readonly<Record<string, string | number | boolean | null | undefined>>;

/** What pino keeps on a logger and its stream, read (never changed) by `writeFlat` to write the bytes pino would. */
interface PinoInternals {
  /** `{"level":…` per level number. */
  [symbols.lsCacheSym]: Record<number, string>;
  [symbols.chindingsSym]: string;
  [symbols.endSym]: string;
  [symbols.streamSym]: DestinationStream & { [key: symbol]: unknown };
}
/** A stream that wants each line's metadata (pino's multistream) is written by pino itself. */
const NEEDS_METADATA = Symbol.for('pino.metadata');
/** The channel pino traces each line's serialization on: with a subscriber, pino serializes, so it is told. */
const PINO_SERIALIZATION = tracingChannel('pino_asJson');

/**
 * A string as pino writes it in a line (its `asString`, same bytes): quotes and backslashes
 * escaped by hand, JSON.stringify for a control character or a long text.
 */
function pinoString(text: string): string {
  if (text.length > 100) return JSON.stringify(text);
  let result = '';
  let last = 0;
  let found = false;
  for (let i = 0; i < text.length; i++) {
    const point = text.charCodeAt(i);
    if (point < 32) return JSON.stringify(text);
    if (point === 34 || point === 92) {
      result += `${text.slice(last, i)}\\`;
      last = i;
      found = true;
    }
  }
  return `"${found ? result + text.slice(last) : text}"`;
}

/** A flat value as pino writes it: non-finite numbers as null. */
function pinoValue(value: string | number | boolean | null): string {
  if (typeof value === 'string') return pinoString(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  return String(value);
}

/**
 * A line's time, as pino's isoTime writes it, formatted once per millisecond: at one line per call,
 * several lines share a millisecond under load.
 */
function isoTimeOncePerMs(): () => string {
  const text = oncePerInstant((instant) => `,"time":"${new Date(instant).toISOString()}"`);
  return () => text(Date.now());
}

/** Contexts (logger names) whose child logger is kept: Nest's loggers are a few dozen. */
const MAX_CONTEXTS = 200;

/**
 * Nest's logger interface over pino: one JSON line per event on stderr (stdout is the protocol's on
 * stdio), with time, level and context. A line about a call names it by the `request_id` it is given
 * (the call's line, its errors): no ambient call is looked up (database/write-permit.ts says why).
 * A message that is an object is merged into the line (`msg` is its text); a string is the `msg`.
 */
export class JsonLogger implements LoggerService {
  private readonly pino: Pino;
  /** The same logger without redaction, for lines that hold no redacted key (holdsRedactedKey). */
  private readonly plain: Pino;
  /** One child per context: its `context` is serialized once, and a call's object is logged as is, not copied. */
  private readonly byContext = new Map<string, Pino>();
  private readonly plainByContext = new Map<string, Pino>();

  /** The time field of a line (pino's timestamp option, shared with writeFlat). */
  private readonly time = isoTimeOncePerMs();

  constructor(level: LogLevelName, destination: DestinationStream = stderrLines()) {
    const options = {
      level,
      base: undefined,
      messageKey: 'msg',
      timestamp: this.time,
      formatters: { level: (label: string) => ({ level: label }) },
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

  /**
   * The line `log(fields, context)` (or warn, error…) writes, the same bytes, serialized here: the
   * line of every call (observe/call-observer.ts) skips Nest's Logger and pino's generic pass over
   * the line. The fields pino would serialize otherwise (a redacted key, `err`), a stream that wants
   * line metadata and a subscriber to pino's serialization channel go through pino. Key order is the
   * line's own, as pino keeps it.
   */
  writeFlat(level: Level, fields: FlatFields, context: string): void {
    if (!this.pino.isLevelEnabled(level)) return;
    const redacting = holdsRedactedKey(fields);
    const logger = this.loggerOf(context, redacting);
    const internals = logger as unknown as PinoInternals;
    const stream = internals[symbols.streamSym];
    if (redacting || Object.hasOwn(fields, 'err') || stream[NEEDS_METADATA] === true || PINO_SERIALIZATION.hasSubscribers) {
      logger[level](fields);
      return;
    }
    let line = internals[symbols.lsCacheSym][logger.levels.values[level]] + this.time() + internals[symbols.chindingsSym];
    for (const key in fields) {
      const value = fields[key];
      if (value === undefined || !Object.hasOwn(fields, key)) continue;
      line += `,${pinoString(key)}:${pinoValue(value)}`;
    }
    stream.write(line + internals[symbols.endSym]);
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
