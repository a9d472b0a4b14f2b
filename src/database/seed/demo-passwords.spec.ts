import { hashPassword, PASSWORD_HASH_COST, verifyPassword } from '../password-hash.js';
import { DEMO_PASSWORD_HASHES, DEMO_PASSWORDS } from './demo-passwords.js';

describe('demo passwords', () => {
  it('stores, for every demo login, a hash of its documented password at the current cost', async () => {
    expect(Object.keys(DEMO_PASSWORD_HASHES).sort()).toEqual(Object.keys(DEMO_PASSWORDS).sort());
    const { N, r, p } = PASSWORD_HASH_COST;
    for (const [login, password] of Object.entries(DEMO_PASSWORDS)) {
      const stored = DEMO_PASSWORD_HASHES[login];
      // On failure, the line to paste into demo-passwords.ts.
      const fresh = (await verifyPassword(password, stored)) && stored.startsWith(`scrypt$${N}$${r}$${p}$`) ? stored : await hashPassword(password);
      expect(`'${login}': '${stored}'`).toBe(`'${login}': '${fresh}'`);
    }
  });

  it('does not accept another demo login’s password', async () => {
    expect(await verifyPassword(DEMO_PASSWORDS.tech, DEMO_PASSWORD_HASHES.glpi)).toBe(false);
  });
});
