import { asCall } from '../database/call-scope.js';
import { JsonLogger } from './logger.js';

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

  it('adds the request id of the call the line is written in', () => {
    const { logger, records } = capture();
    asCall(null, 'req-1', () => logger.log('inside', 'X'));
    logger.log('outside', 'X');
    expect(records().map((r) => r.request_id)).toEqual(['req-1', undefined]);
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
