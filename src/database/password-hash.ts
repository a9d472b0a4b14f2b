import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from 'node:crypto';

/** scrypt cost (RFC 7914; N = 2^15, r = 8: about 32 MiB and tens of milliseconds per try). */
export const PASSWORD_HASH_COST = { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))));
}

/** How glpi_users.password is stored: `scrypt$N$r$p$salt$key` (base64url), parameters kept so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PASSWORD_HASH_COST);
  return ['scrypt', PASSWORD_HASH_COST.N, PASSWORD_HASH_COST.r, PASSWORD_HASH_COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `password` matches `stored` (false for an empty or unreadable hash), compared in constant time. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = stored?.split('$') ?? [];
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const expected = Buffer.from(parts[5], 'base64url');
  if (![N, r, p].every(Number.isInteger) || expected.length !== KEY_LENGTH) return false;
  const key = await derive(password, Buffer.from(parts[4], 'base64url'), { N, r, p, maxmem: PASSWORD_HASH_COST.maxmem });
  return timingSafeEqual(key, expected);
}

/** Costs the same as checking a real hash: a sign-in for an unknown login takes as long as one with a wrong password. */
export const DECOY_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
