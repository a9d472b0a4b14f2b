import type { ResolvedReference } from '../envelope/envelope.js';

const META = Symbol('intentdesk:input-meta');

/** What the input pipe learned while parsing, kept beside the normalized DTO for the service. */
export interface InputMeta {
  /** Keys the caller sent (update tools change only these). */
  provided: ReadonlySet<string>;
  /** Reference fields given by name or id, with what they resolved to. */
  resolved: Record<string, ResolvedReference>;
}

export function attachMeta<T extends object>(dto: T, meta: InputMeta): T {
  Object.defineProperty(dto, META, { value: meta, enumerable: false });
  return dto;
}

/** The parse metadata of a DTO that went through the input pipe. */
export function metaOf(dto: object): InputMeta {
  const meta = (dto as Record<symbol, InputMeta | undefined>)[META];
  if (!meta) throw new Error('DTO did not go through the input pipe');
  return meta;
}
