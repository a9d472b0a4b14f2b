import { localReturnPath } from './return-path.js';

describe('localReturnPath', () => {
  it('keeps a path of this server, with its query', () => {
    expect(localReturnPath('/approve/abc-123')).toBe('/approve/abc-123');
    expect(localReturnPath('/approve/x?lang=pt')).toBe('/approve/x?lang=pt');
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
  ])('refuses %j, which a browser could read as another origin', (value) => {
    expect(localReturnPath(value)).toBeUndefined();
  });

  it('refuses what is not one string', () => {
    expect(localReturnPath(['/a', '/b'])).toBeUndefined();
    expect(localReturnPath(undefined)).toBeUndefined();
    expect(localReturnPath('/' + 'a'.repeat(3000))).toBeUndefined();
  });
});
