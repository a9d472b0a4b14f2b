import fc from 'fast-check';
import { localReturnPath } from './return-path.js';

/** What every answer must be: one `/`, then no second `/` or `\`, and the browser stays on this origin. */
function staysOnOrigin(path: string): boolean {
  return /^\/(?![/\\])/.test(path) && new URL(path, 'http://a.example').host === 'a.example';
}

describe('localReturnPath', () => {
  it('keeps a path of this server, with its query', () => {
    expect(localReturnPath('/approve/abc-123')).toBe('/approve/abc-123');
    expect(localReturnPath('/approve/x?lang=pt')).toBe('/approve/x?lang=pt');
  });

  it('answers the path with its dot segments resolved, as the browser would', () => {
    expect(localReturnPath('/approve/x/../y')).toBe('/approve/y');
    expect(localReturnPath('/approve/./y')).toBe('/approve/y');
  });

  it.each([
    'https://evil.example/approve/1',
    '//evil.example/approve/1',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'javascript:alert(1)',
    'approve/1',
    '',
    ' /approve/1',
    // Dot segments that only become `//host` once resolved.
    '/approve/..//evil.example',
    '/.//evil.example/path',
    '/approve/%2e%2e//evil.example',
    '/approve/.%2E//evil.example',
    '/a/b/../..//evil.example',
    // Encoded slashes and backslashes, and control characters, encoded or not.
    '/%2F/evil.example',
    '/%2f%2fevil.example',
    '/%5Cevil.example',
    '/approve/%5c',
    '/approve/%255C',
    '/approve/%0d%0aSet-Cookie:x=1',
    '/approve/\u0085',
    '/approve/%7F',
  ])('refuses %j, which a browser could read as another origin', (value) => {
    expect(localReturnPath(value)).toBeUndefined();
  });

  it('refuses what is not one string', () => {
    expect(localReturnPath(['/a', '/b'])).toBeUndefined();
    expect(localReturnPath(undefined)).toBeUndefined();
    expect(localReturnPath('/' + 'a'.repeat(3000))).toBeUndefined();
  });

  it('never answers a path a browser could read as another origin, whatever it is given', () => {
    // Few pieces, so the fuzzer meets the sequences that matter (`/..//`, `/.%2e/`, `/%5c`) often.
    const piece = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom('/', '\\', '.', '..', '%2e', '%2f', '%5C', 'x') },
      { weight: 1, arbitrary: fc.constantFrom('%25', '%', '?', '#', ':', '@', '\t', '\n', '\u0000', 'é', 'evil.example') },
    );
    const crafted = fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join(''));
    const value = fc.oneof(
      crafted,
      fc.string({ maxLength: 30 }),
      crafted.map((path) => `/${path}`),
    );
    fc.assert(
      fc.property(value, (text) => {
        const path = localReturnPath(text);
        return path === undefined || staysOnOrigin(path);
      }),
      { numRuns: 20000 },
    );
  });
});
