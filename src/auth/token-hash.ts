import { randomBytes } from 'node:crypto';
import { hashSecret } from '../database/secret-hash.js';

export const TOKEN_PREFIX = 'idt_';

/** A new API token: 256 random bits. Only its SHA-256 is stored (high entropy, so no slow KDF needed). */
export function newToken(): string {
  return TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

/**
 * The shape of every token this server issues: its own (newToken) and the built-in OAuth server's
 * opaque access tokens (oidc-provider's default, 256 random bits: 43 base64url characters). Both are
 * 2^256 guesses wide, so looking one up tells a guesser nothing; any other string matches no row.
 */
const ISSUED_TOKEN = /^(?:idt_)?[A-Za-z0-9_-]{43}$/;

/** Whether `token` has a shape this server issues, so that looking it up can find a row. */
export function hasIssuedShape(token: string): boolean {
  return ISSUED_TOKEN.test(token);
}

/** What a token is stored as (hashSecret: the one hash of every stored secret). */
export function hashToken(token: string): string {
  return hashSecret(token);
}

/** How a duration is written, for messages about a bad one. */
export const DURATION_FORMS = '30d, 12h, 45m or 3600s';

/** Parses durations such as 30d, 12h, 45m, 3600s. */
export function parseDuration(value: string): number | undefined {
  const match = /^(\d+)\s*([smhdw])$/i.exec(value.trim());
  if (!match) return undefined;
  const unit = { s: 1, m: 60, h: 3600, d: 86400, w: 604800 }[match[2].toLowerCase() as 's' | 'm' | 'h' | 'd' | 'w'];
  return Number(match[1]) * unit * 1000;
}
