import type { Resolved } from '../envelope/envelope.js';

const META = Symbol('intentdesk:input-meta');

/** What the input pipe learned while parsing, kept beside the normalized DTO for the service. */
export interface InputMeta {
  /** Keys the caller sent (update tools change only these). */
  provided: ReadonlySet<string>;
  /** Reference fields given by name or id, with what they resolved to; enum filters given a word for several values, with those. */
  resolved: Record<string, Resolved>;
}

/**
 * Keeps `meta` on `dto` under a symbol of this module: no JSON, `Object.keys`/`entries` or `for…in`
 * sees it, and a copy of the DTO (`{ ...dto }`) carries it along. Set as a plain property: defining
 * it non-enumerable took V8's generic path, a few microseconds on every call.
 */
export function attachMeta<T extends object>(dto: T, meta: InputMeta): T {
  (dto as Record<symbol, InputMeta>)[META] = meta;
  return dto;
}

/** The parse metadata of a DTO that went through the input pipe. */
export function metaOf(dto: object): InputMeta {
  const meta = (dto as Record<symbol, InputMeta | undefined>)[META];
  if (!meta) throw new Error('DTO did not go through the input pipe');
  return meta;
}
