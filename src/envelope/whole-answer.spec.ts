import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HTML_TYPE, JSON_TYPE, wholeHeaders, writeEmpty, writeJson, writeWhole } from './whole-answer.js';

interface Received {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  raw: string[];
  body: Buffer;
}

/** One request to a server answering with `answer`, read as bytes (HEAD included, which fetch hides). */
async function exchange(method: string, answer: (req: IncomingMessage, res: ServerResponse) => void): Promise<Received> {
  const server: Server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise<Received>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method, path: '/' }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, raw: res.rawHeaders, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

describe('wholeHeaders', () => {
  it("puts the caller's headers first, then the type and the length, in a fresh object", () => {
    const caller = { 'Retry-After': '1' };
    const all = wholeHeaders(JSON_TYPE, 12, caller);
    expect(Object.entries(all)).toEqual([
      ['Retry-After', '1'],
      ['Content-Type', JSON_TYPE],
      ['Content-Length', '12'],
    ]);
    expect(caller).toEqual({ 'Retry-After': '1' });
  });

  it('names no type for an answer without a body', () => {
    expect(wholeHeaders(undefined, 0)).toEqual({ 'Content-Length': '0' });
  });
});

describe('writeWhole', () => {
  it('writes the exact byte length of a text beyond ASCII, not its length in characters', async () => {
    const text = '{"message":"Não há licença — ✓ 🎫"}';
    const answer = await exchange('GET', (_req, res) => writeJson(res, 200, text, { 'X-Extra': 'yes' }));
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe(JSON_TYPE);
    expect(answer.headers['content-length']).toBe(String(Buffer.byteLength(text)));
    expect(Buffer.byteLength(text)).toBeGreaterThan(text.length);
    expect(answer.headers['x-extra']).toBe('yes');
    expect(answer.headers['transfer-encoding']).toBeUndefined();
    expect(answer.body.toString('utf8')).toBe(text);
  });

  it('writes the headers in order: the caller’s, then the type and the length', async () => {
    const answer = await exchange('GET', (_req, res) => writeWhole(res, 201, HTML_TYPE, '<p>ok</p>', { 'Cache-Control': 'no-store' }));
    const names = answer.raw.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase());
    expect(names.indexOf('cache-control')).toBeLessThan(names.indexOf('content-type'));
    expect(names.indexOf('content-type')).toBeLessThan(names.indexOf('content-length'));
    expect(answer.status).toBe(201);
    expect(answer.body.toString('utf8')).toBe('<p>ok</p>');
  });

  it.each([
    ['writeEmpty', (res: ServerResponse) => writeEmpty(res, 405, { Allow: 'POST' })],
    ['writeJson without a text', (res: ServerResponse) => writeJson(res, 405, undefined, { Allow: 'POST' })],
  ])('%s answers without a body, with length 0 and no type', async (_name, write) => {
    const answer = await exchange('POST', (_req, res) => write(res));
    expect(answer.status).toBe(405);
    expect(answer.headers['content-length']).toBe('0');
    expect(answer.headers['content-type']).toBeUndefined();
    expect(answer.headers.allow).toBe('POST');
    expect(answer.body.length).toBe(0);
  });

  it('gives a HEAD request the length of the body it would get, and no body', async () => {
    const text = 'é'.repeat(10);
    const answer = await exchange('HEAD', (_req, res) => writeJson(res, 200, text));
    expect(answer.headers['content-length']).toBe('20');
    expect(answer.body.length).toBe(0);
  });
});
