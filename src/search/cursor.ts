import { hash } from 'node:crypto';

/** Position after the last row of a page: its sort value and id, tied to the query it came from. */
export interface CursorState {
  sort: string;
  value: string | number | null;
  id: number;
  query: string;
}

/** The search's signature in a cursor: SHA-256 of its JSON, base64url, 12 characters. One-shot `hash`: a Hash object per page cost several times the digest. */
export function queryHash(parts: unknown): string {
  return hash('sha256', JSON.stringify(parts), 'base64url').slice(0, 12);
}

export function encodeCursor(state: CursorState): string {
  return Buffer.from(JSON.stringify([state.sort, state.value, state.id, state.query]), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): CursorState | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 4) return undefined;
    const [sort, value, id, query] = parsed as [unknown, unknown, unknown, unknown];
    if (typeof sort !== 'string' || typeof id !== 'number' || typeof query !== 'string') return undefined;
    if (value !== null && typeof value !== 'string' && typeof value !== 'number') return undefined;
    return { sort, value, id, query };
  } catch {
    return undefined;
  }
}
