import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { pino, stdTimeFunctions } from 'pino';
import { type FlatFields, holdsRedactedKey, JsonLogger, REDACTED_KEYS } from './logger.js';

/** A line without its time field, so lines written at different instants compare byte for byte. */
const withoutTime = (line: string): string => line.replace(/,"time":"[^"]*"/, '');

function capture(level: 'info' | 'warn' = 'info'): { logger: JsonLogger; records: () => Array<Record<string, unknown>> } {
  const lines: string[] = [];
  const logger = new JsonLogger(level, { write: (line: string) => void lines.push(line) });
  return { logger, records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('JsonLogger', () => {
  it('writes one JSON line per event with time, level, context and message', () => {
    const { logger, records } = capture();
    logger.log('started', 'Main');
    logger.error('failed', 'Error: x\n    at y', 'Calls');
    expect(records()).toEqual([
      { level: 'info', time: expect.any(String), context: 'Main', msg: 'started' },
      { level: 'error', time: expect.any(String), context: 'Calls', stack: 'Error: x\n    at y', msg: 'failed' },
    ]);
  });

  it('names a call by the request id the line is given, and no other', () => {
    const { logger, records } = capture();
    logger.log({ msg: 'about a call', request_id: 'req-1' }, 'X');
    logger.error({ msg: 'a call failed', request_id: 'req-2' }, 'Errors');
    logger.log('about no call', 'X');
    expect(records().map((r) => [r.msg, r.request_id, r.context])).toEqual([
      ['about a call', 'req-1', 'X'],
      ['a call failed', 'req-2', 'Errors'],
      ['about no call', undefined, 'X'],
    ]);
  });

  it('merges an object message and redacts secret-named keys', () => {
    const { logger, records } = capture();
    logger.log({ msg: 'call', tool: 'ticket_get', token: 'idt_secret', nested: { password: 'p' } }, 'Calls');
    expect(records()[0]).toEqual(expect.objectContaining({ msg: 'call', tool: 'ticket_get', token: '[redacted]', nested: { password: '[redacted]' } }));
  });

  it('drops lines below its level', () => {
    const { logger, records } = capture('warn');
    logger.log('info line', 'X');
    logger.warn('warn line', 'X');
    expect(records().map((r) => r.msg)).toEqual(['warn line']);
  });
});

describe('JsonLogger lines without a redacted key', () => {
  /** Pino as configured with redaction on every line: what every line must still read as. */
  function reference(): { write: (context: string, message: object) => void; lines: string[] } {
    const lines: string[] = [];
    const root = pino(
      {
        level: 'info',
        base: undefined,
        messageKey: 'msg',
        timestamp: stdTimeFunctions.isoTime,
        formatters: { level: (label) => ({ level: label }) },
        redact: { paths: [...REDACTED_KEYS, ...REDACTED_KEYS.map((key) => `*.${key}`)], censor: '[redacted]' },
      },
      { write: (line: string) => void lines.push(line) },
    );
    return { write: (context, message) => root.child({ context }).info(message), lines };
  }

  const shapes: Array<Record<string, unknown>> = [
    {
      msg: 'call',
      request_id: 'req-9',
      user_id: 2,
      transport: 'mcp',
      tool: 'ticket_get',
      route: undefined,
      session_id: 's-1',
      outcome: 'success',
      duration_ms: 1.5,
    },
    { msg: 'call', user_id: null, tool: null, outcome: 'RATE_LIMITED', duration_ms: 0, ok: true, ratio: Number.NaN },
    { msg: 'odd text', text: 'quote " back \\ tab \t line \u2028 lone \ud800 é', nested: { a: 1, b: [1, 'x'] }, list: [{ c: 2 }] },
    { msg: 'a token word in a value is no key', note: 'token password', counts: { total: 3 } },
  ];

  it.each(shapes.map((shape, i) => [i, shape]))('writes line %i byte for byte as the redacting logger does', (_i, shape) => {
    const expected = reference();
    expected.write('Calls', { ...shape });
    const lines: string[] = [];
    const logger = new JsonLogger('info', { write: (line: string) => void lines.push(line) });
    logger.log({ ...shape }, 'Calls');
    expect(lines.map(withoutTime)).toEqual(expected.lines.map(withoutTime));
  });

  it('finds a redacted key at the top of a line or one level down, and nowhere else', () => {
    expect(holdsRedactedKey({ msg: 'x', token: 'a' })).toBe(true);
    expect(holdsRedactedKey({ msg: 'x', body: { otp: '123456' } })).toBe(true);
    expect(holdsRedactedKey({ msg: 'x', body: { inner: { password: 'p' } } })).toBe(false);
    expect(holdsRedactedKey({ msg: 'token', tool: 'password' })).toBe(false);
  });
});

describe('JsonLogger.writeFlat', () => {
  /** A logger whose every line is one second's (the time field fixed), so two writers compare byte for byte. */
  function writer(level: 'info' | 'warn' = 'info'): { logger: JsonLogger; lines: string[] } {
    const lines: string[] = [];
    return { logger: new JsonLogger(level, { write: (line: string) => void lines.push(line) }), lines };
  }

  const odd = [
    '',
    'plain',
    '"',
    '"leading quote',
    'back \\ slash and "quote"',
    'tab\there',
    'line\u2028separator',
    'lone \ud800 surrogate',
    'é ü 日本',
    'x'.repeat(100),
    `${'y'.repeat(100)}"`,
    `${'z'.repeat(60)}\n`,
  ];
  const lines: FlatFields[] = [
    {
      msg: 'call',
      request_id: 'req-1',
      user_id: 2,
      transport: 'mcp',
      tool: 'ticket_get',
      route: undefined,
      session_id: 's-1',
      outcome: 'success',
      duration_ms: 1.5,
    },
    { msg: 'call', request_id: undefined, user_id: null, tool: null, outcome: 'RATE_LIMITED', duration_ms: 0 },
    { msg: 'call', user_id: -0, ratio: Number.NaN, big: Number.POSITIVE_INFINITY, small: 1e-7, huge: 1e21, ok: true, no: false },
    { msg: 'call', request_id: null, outcome: 'x' },
    ...odd.map((text) => ({ msg: text, request_id: text, [text || 'empty']: text, after: 1 })),
  ];

  it.each(lines.map((line, i) => [i, line]))('writes line %i as log(line, context) does', (_i, line) => {
    const viaLog = writer();
    const viaFlat = writer();
    viaLog.logger.log({ ...line }, 'Calls');
    viaFlat.logger.writeFlat('info', { ...line }, 'Calls');
    expect(viaFlat.lines.map(withoutTime)).toEqual(viaLog.lines.map(withoutTime));
    expect(viaFlat.lines).toHaveLength(1);
  });

  it('leaves a line with a redacted key to pino, which censors it', () => {
    const { logger, lines: written } = writer();
    logger.writeFlat('info', { msg: 'call', token: 'idt_secret' }, 'Calls');
    expect(JSON.parse(written[0]) as unknown).toEqual(expect.objectContaining({ msg: 'call', token: '[redacted]', context: 'Calls' }));
  });

  it('writes nothing below its level, and the level it is given', () => {
    const { logger, lines: written } = writer('warn');
    logger.writeFlat('info', { msg: 'quiet' }, 'Calls');
    logger.writeFlat('warn', { msg: 'loud' }, 'Calls');
    expect(written.map((line) => JSON.parse(line) as unknown)).toEqual([{ level: 'warn', time: expect.any(String), context: 'Calls', msg: 'loud' }]);
  });
});

describe('JsonLogger.writeFlat with a subscriber to pino serialization', () => {
  it('lets pino serialize the line, so the subscriber sees it', () => {
    const seen: unknown[] = [];
    const start = (message: unknown): void => void seen.push(message);
    subscribe('tracing:pino_asJson:start', start);
    try {
      const lines: string[] = [];
      const logger = new JsonLogger('info', { write: (line: string) => void lines.push(line) });
      logger.writeFlat('info', { msg: 'call', outcome: 'success' }, 'Calls');
      expect(seen).toHaveLength(1);
      expect(JSON.parse(lines[0]) as unknown).toEqual({ level: 'info', time: expect.any(String), context: 'Calls', msg: 'call', outcome: 'success' });
    } finally {
      unsubscribe('tracing:pino_asJson:start', start);
    }
  });
});
