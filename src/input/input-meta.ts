import { echo } from '../envelope/echo.js';
import type { Resolved } from '../envelope/envelope.js';
import type { Issue } from '../envelope/issue.js';

const META = Symbol('intentdesk:input-meta');

/** What the input pipe learned while parsing, kept beside the normalized DTO for the service. */
export interface InputMeta {
  /** Keys the caller sent (update tools change only these). */
  provided: ReadonlySet<string>;
  /** Reference fields given by name or id, with what they resolved to; enum filters given a word for several values, with those. */
  resolved: Record<string, Resolved>;
  /** The arguments as sent: an issue found later names what the caller sent (received), not the parsed value. */
  sent?: Readonly<Record<string, unknown>>;
  /**
   * The input's problems, left for the write to report with those found against the stored record
   * (StoredChecked): one answer names all. The DTO then holds only the fields that parsed, and
   * `provided` only those.
   */
  pending?: readonly Issue[];
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

/** The input problems the pipe left for the write to report (none for a DTO that did not go through it). */
export function pendingIssues(dto: object): readonly Issue[] {
  return (dto as Record<symbol, InputMeta | undefined>)[META]?.pending ?? [];
}

/** The fields whose value the pipe could not read: a check against the stored record leaves them alone. */
export function failedFields(dto: object): ReadonlySet<string> {
  return new Set(pendingIssues(dto).map((issue) => issue.field));
}

/** `issue` as the caller is shown it: a rule reads the parsed value (a date, an id); `received` is what was sent under the issue's field. */
export function asSent(issue: Issue, sent: Readonly<Record<string, unknown>> | undefined): Issue {
  return sent && Object.hasOwn(sent, issue.field) ? { ...issue, received: echo(sent[issue.field]) } : issue;
}

/** What the caller sent, as the pipe kept it beside the DTO (undefined for a DTO that did not go through it). */
export function sentOf(dto: object): Readonly<Record<string, unknown>> | undefined {
  return (dto as Record<symbol, InputMeta | undefined>)[META]?.sent;
}
