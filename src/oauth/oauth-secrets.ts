import { randomBytes } from 'node:crypto';
import type { JWK } from 'jose';
import type { OAuthRecordsStore } from './oauth-records.store.js';

/** What every replica must share to sign and check the same things: made once, kept in oauth_records. */
export interface OAuthSecrets {
  /** Signs ID tokens and whatever else the provider signs (RS256). */
  signingKey: JWK;
  /** Sign the authorization server's cookies and our web session cookie. */
  cookieKeys: string[];
  /** Keys the CSRF tokens of sign-in and consent forms. */
  csrfKey: string;
}

const KIND = 'Secrets';
const ID = 'current';

/** The shared secrets; the first replica to start makes them, the others read them. */
export async function loadSecrets(store: OAuthRecordsStore): Promise<OAuthSecrets> {
  const found = await store.find<OAuthSecrets>(KIND, ID);
  if (found) return found.payload;
  // Loaded with the built-in provider (its first request), not at start.
  const { exportJWK, generateKeyPair } = await import('jose');
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), use: 'sig', alg: 'RS256', kid: randomBytes(8).toString('base64url') };
  await store.saveIfAbsent(KIND, ID, {
    signingKey,
    cookieKeys: [randomBytes(32).toString('base64url')],
    csrfKey: randomBytes(32).toString('base64url'),
  } satisfies OAuthSecrets);
  return (await store.find<OAuthSecrets>(KIND, ID))!.payload;
}
