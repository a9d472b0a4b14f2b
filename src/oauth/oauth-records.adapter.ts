import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { McpScope } from '../auth/principal.js';
import type { TokensService } from '../auth/tokens.service.js';
import { foundPayloadOf, storedIdOf, storedPayloadOf } from '../database/oauth-record-ids.js';
import type { OAuthRecordsStore } from './oauth-records.store.js';

const MCP_SCOPES: readonly McpScope[] = ['mcp', 'mcp:read'];

/** The label of an OAuth access token's row in api_tokens (the admin API lists it). */
export function oauthTokenName(clientId: string): string {
  return `OAuth: ${clientId}`;
}

/** The token scopes an access token's OAuth scope gives: only MCP's. */
export function tokenScopesOf(scope: string | undefined): McpScope[] {
  const asked = new Set((scope ?? '').split(' '));
  return MCP_SCOPES.filter((s) => asked.has(s));
}

/**
 * oidc-provider's storage over oauth_records, every record under the id and payload
 * oauth-record-ids.ts keeps (a hash, never the value a client holds). An access token is also
 * written as a row of api_tokens (its hash, its user, its MCP scopes, its expiry) when it is bound
 * to this server's MCP resource: the token check of /mcp then knows it like any other token, and
 * revoking it (or its grant) revokes that row. A token for any other audience never becomes a row,
 * so /mcp refuses it.
 */
export function recordsAdapter(store: OAuthRecordsStore, tokens: TokensService, resource: string, invalidate: () => void): AdapterFactory {
  return (kind: string): Adapter => ({
    async upsert(id, payload, expiresIn) {
      await store.save(kind, storedIdOf(kind, id), storedPayloadOf(kind, payload), {
        grantId: payload.grantId ?? null,
        uid: payload.uid ?? null,
        expiresInSeconds: expiresIn,
      });
      if (kind === 'AccessToken') await keepAccessToken(tokens, id, payload, resource);
    },
    async find(id) {
      const record = await store.find<AdapterPayload>(kind, storedIdOf(kind, id));
      if (!record) return undefined;
      const payload = foundPayloadOf(kind, id, record.payload);
      return record.consumedAt ? { ...payload, consumed: Math.floor(record.consumedAt.getTime() / 1000) } : payload;
    },
    async findByUid(uid) {
      // A session found by its uid is only read (is it still there, whose is it): it needs no jti.
      return (await store.findByUid<AdapterPayload>(kind, uid))?.payload;
    },
    findByUserCode() {
      return Promise.resolve(undefined); // no device flow
    },
    async consume(id) {
      await store.consume(kind, storedIdOf(kind, id));
    },
    async destroy(id) {
      if (kind === 'AccessToken') {
        await tokens.revokeValue(id);
        invalidate();
      }
      await store.destroy(kind, storedIdOf(kind, id));
    },
    async revokeByGrantId(grantId) {
      if (kind === 'AccessToken') {
        // The records' ids are the tokens' hashes, as api_tokens keeps them.
        for (const record of await store.findByGrant(kind, grantId)) await tokens.revokeHash(record.id);
        invalidate();
      }
      await store.destroyGrant(kind, grantId);
    },
  });
}

async function keepAccessToken(tokens: TokensService, id: string, payload: AdapterPayload, resource: string): Promise<void> {
  const audience = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (!audience.includes(resource) || !payload.accountId || !payload.clientId || !payload.exp) return;
  const userId = Number(payload.accountId);
  if (!Number.isInteger(userId)) return;
  await tokens.store(id, userId, tokenScopesOf(payload.scope), new Date(payload.exp * 1000), oauthTokenName(payload.clientId));
}
