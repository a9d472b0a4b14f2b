import { DECOY_HASH, hashPassword, verifyPassword } from './password-hash.js';

describe('password hashes', () => {
  it('verifies the password it hashed and nothing else', async () => {
    const stored = await hashPassword('glpi');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword('glpi', stored)).toBe(true);
    expect(await verifyPassword('GLPI', stored)).toBe(false);
    expect(await hashPassword('glpi')).not.toBe(stored);
  });

  it('refuses missing and unreadable hashes, and the decoy', async () => {
    expect(await verifyPassword('x', null)).toBe(false);
    expect(await verifyPassword('x', 'plain')).toBe(false);
    expect(await verifyPassword('', DECOY_HASH)).toBe(false);
  });
});
