import { createHash } from 'node:crypto';

// What says how to run a call, not what it writes: an approval binds the session apart (approvals.session_id).
const IGNORED = new Set(['idempotency_key', 'dry_run', 'session_id', 'domain', 'approval_id']);

function canonical(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .filter((k) => !IGNORED.has(k))
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** A call's normalized arguments as the fingerprint reads them (what an approval stores and shows). */
export function normalizedPayload(input: object): unknown {
  return canonical(input);
}

/** Hash of a call's normalized arguments: "Processing" and 2 are the same request once resolved. */
export function fingerprintOf(tool: string, input: object): string {
  return createHash('sha256')
    .update(tool)
    .update('\0')
    .update(JSON.stringify(canonical(input)))
    .digest('hex');
}
