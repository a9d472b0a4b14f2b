import { processLine } from './process-line.js';

describe('process lines', () => {
  let written: string[];
  const write = process.stderr.write.bind(process.stderr);
  beforeEach(() => {
    written = [];
    process.stderr.write = ((chunk: string | Uint8Array) => written.push(String(chunk)) > 0) as typeof process.stderr.write;
  });
  afterEach(() => {
    process.stderr.write = write;
  });

  it('is a JSON line, as the logger writes, under LOG_FORMAT=json', () => {
    processLine('info', 'listening on http://127.0.0.1:3000', { LOG_FORMAT: 'json' });
    expect(written).toHaveLength(1);
    expect(written[0].endsWith('\n')).toBe(true);
    expect(JSON.parse(written[0])).toEqual({
      level: 'info',
      time: expect.any(String) as string,
      context: 'intentdesk',
      msg: 'listening on http://127.0.0.1:3000',
    });
  });

  it('follows LOG_LEVEL as the logger does: warn hides the listening line, never a fatal one', () => {
    processLine('info', 'listening on http://127.0.0.1:3000', { LOG_FORMAT: 'pretty', LOG_LEVEL: 'warn' });
    processLine('warn', 'shutting down', { LOG_FORMAT: 'pretty', LOG_LEVEL: 'warn' });
    processLine('fatal', 'failed to start', { LOG_FORMAT: 'pretty', LOG_LEVEL: 'fatal' });
    processLine('info', 'with a bad LOG_LEVEL, shown', { LOG_FORMAT: 'pretty', LOG_LEVEL: 'loud' });
    expect(written).toEqual(['intentdesk: shutting down\n', 'intentdesk: failed to start\n', 'intentdesk: with a bad LOG_LEVEL, shown\n']);
  });

  it('is plain text under LOG_FORMAT=pretty', () => {
    processLine('fatal', 'failed to start: no database', { LOG_FORMAT: 'pretty' });
    expect(written).toEqual(['intentdesk: failed to start: no database\n']);
  });
});
