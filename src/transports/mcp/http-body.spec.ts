import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { byteSize, readJsonBody, refuseMediaType } from './http-body.js';

/** A request stream with the given headers; `chunks` are written after the reader subscribes. */
function request(headers: Record<string, string>, chunks: Array<string | Buffer> = []): IncomingMessage {
  const stream = new PassThrough() as unknown as IncomingMessage & PassThrough;
  Object.assign(stream, { headers });
  setImmediate(() => {
    for (const chunk of chunks) stream.write(chunk);
    stream.end();
  });
  return stream;
}

describe('byteSize', () => {
  it('reads the BODY_LIMIT format', () => {
    expect(byteSize('512kb')).toBe(512 * 1024);
    expect(byteSize('1MB')).toBe(1024 * 1024);
    expect(() => byteSize('1gb')).toThrow();
  });
});

describe('refuseMediaType', () => {
  const refuse = (headers: Record<string, string>) => refuseMediaType(request(headers))?.status;

  it('accepts JSON in UTF-8, with or without parameters', () => {
    expect(refuse({ 'content-type': 'application/json' })).toBeUndefined();
    expect(refuse({ 'content-type': 'Application/JSON; charset=UTF-8' })).toBeUndefined();
    expect(refuse({ 'content-type': 'application/json;charset="utf8"' })).toBeUndefined();
    expect(refuse({ 'content-type': 'application/vnd.api+json' })).toBeUndefined();
    expect(refuse({ 'content-type': 'application/json', 'content-encoding': 'identity' })).toBeUndefined();
  });

  it('refuses other types, charsets and compressed bodies with 415', () => {
    expect(refuse({})).toBe(415);
    expect(refuse({ 'content-type': 'text/plain' })).toBe(415);
    expect(refuse({ 'content-type': 'application/jsonx' })).toBe(415);
    expect(refuse({ 'content-type': 'application/json; charset=latin1' })).toBe(415);
    expect(refuse({ 'content-type': 'application/json', 'content-encoding': 'gzip' })).toBe(415);
  });

  it('names what it reads and what was sent instead', () => {
    const named = (headers: Record<string, string>) => {
      const refused = refuseMediaType(request(headers));
      return [refused?.expected, refused?.received];
    };
    expect(named({ 'content-type': 'text/plain' })).toEqual(['application/json', 'text/plain']);
    expect(named({})).toEqual(['application/json', '']);
    expect(named({ 'content-type': 'application/json; charset=latin1' })).toEqual(['UTF-8', 'latin1']);
    expect(named({ 'content-type': 'application/json', 'content-encoding': 'gzip' })).toEqual(['an uncompressed body', 'gzip']);
  });
});

describe('readJsonBody', () => {
  it('parses an object or a batch sent in several chunks', async () => {
    await expect(readJsonBody(request({}, ['{"jsonrpc":', '"2.0","id":1}']), 100)).resolves.toEqual({ ok: true, value: { jsonrpc: '2.0', id: 1 } });
    await expect(readJsonBody(request({}, ['  [1, 2]']), 100)).resolves.toEqual({ ok: true, value: [1, 2] });
  });

  it('joins a UTF-8 character split across chunks and drops a byte-order mark', async () => {
    const bytes = Buffer.from('\ufeff{"name":"Impressão"}', 'utf8');
    const cut = bytes.indexOf(0xc3) + 1; // inside the two-byte 'ã'
    await expect(readJsonBody(request({}, [bytes.subarray(0, cut), bytes.subarray(cut)]), 100)).resolves.toEqual({ ok: true, value: { name: 'Impressão' } });
  });

  it('answers a parse error for invalid or empty JSON, and reads JSON that is no container (an Invalid Request, -32600, to the protocol)', async () => {
    for (const body of ['{"a":', '', '   ', 'not json']) {
      await expect(readJsonBody(request({}, [body]), 100)).resolves.toMatchObject({ ok: false, status: 400, parseError: true });
    }
    for (const [body, value] of [
      ['"text"', 'text'],
      ['42', 42],
      ['null', null],
    ] as const) {
      await expect(readJsonBody(request({}, [body]), 100)).resolves.toEqual({ ok: true, value });
    }
  });

  it('keeps __proto__ as a plain key (no prototype change)', async () => {
    const result = await readJsonBody(request({}, ['{"__proto__":{"polluted":1}}']), 100);
    expect(result.ok).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a body over the limit, declared or streamed', async () => {
    await expect(readJsonBody(request({ 'content-length': '101' }), 100)).resolves.toMatchObject({ ok: false, status: 413 });
    await expect(readJsonBody(request({}, ['{"a":"', 'x'.repeat(200), '"}']), 100)).resolves.toMatchObject({ ok: false, status: 413 });
    await expect(readJsonBody(request({}, [`{"a":"${'x'.repeat(92)}"}`]), 100)).resolves.toMatchObject({ ok: true });
  });
});

describe('readJsonBody with a client that goes away', () => {
  it('settles when the request closes before its end', async () => {
    const stream = new PassThrough() as unknown as IncomingMessage & PassThrough;
    Object.assign(stream, { headers: {} });
    setImmediate(() => {
      stream.write('{"jsonrpc":');
      stream.destroy();
    });
    await expect(readJsonBody(stream, 100)).resolves.toMatchObject({ ok: false, status: 400 });
  });
});
