import { hashSecret } from './secret-hash.js';

/**
 * How the authorization server's records are kept in oauth_records, so that a reader of the table
 * (a backup, a replica's disk) holds nothing to present. oidc-provider finds each record by the value
 * a client or browser holds: a refresh or access token, a code, a registration access token, the
 * session cookie, an interaction's id, a pushed request's URI; a grant by the id those carry. All of
 * them are kept under their hash (hashSecret, as API tokens, web sessions and sign-in links). A
 * Client is the exception: its id is its client_id, public by design (sent in the clear on every
 * request); a confidential client's secret stays in its payload, as the provider compares it (or
 * signs with it, client_secret_jwt) as registered.
 */
const PUBLIC_ID_KINDS = new Set(['Client']);

/** The id a record of the provider's `kind` is stored and looked up under. */
export function storedIdOf(kind: string, id: string): string {
  return PUBLIC_ID_KINDS.has(kind) ? id : hashSecret(id);
}

/**
 * The payload as stored: without the record's own id (`jti`, which the provider writes in it; the
 * lookup puts it back) and, in an interaction, without the copy of the browser's session cookie the
 * provider keeps for the application (nothing here reads it). A session's `uid` stays: it only links
 * a session to its tokens, and no request is answered for it.
 */
export function storedPayloadOf<T extends object>(kind: string, payload: T): T {
  if (PUBLIC_ID_KINDS.has(kind)) return payload;
  const { jti: _id, ...kept } = payload as T & { jti?: unknown };
  const session = (kept as { session?: object }).session;
  if (kind === 'Interaction' && session && typeof session === 'object') {
    const { cookie: _cookie, ...sessionKept } = session as { cookie?: unknown };
    return { ...kept, session: sessionKept } as T;
  }
  return kept as T;
}

/** The payload the provider gets back for the record it asked for by `id`: as stored, with its `jti` again. */
export function foundPayloadOf<T extends object>(kind: string, id: string, payload: T): T {
  return PUBLIC_ID_KINDS.has(kind) ? payload : { ...payload, jti: id };
}
