import { createHash } from 'node:crypto';

/**
 * What a stored secret is kept as: its SHA-256, hex. API tokens, OAuth tokens, codes and session
 * ids all carry 256 random bits or more, so no slow KDF is needed; a copy of the database then holds
 * nothing that can be presented.
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}
