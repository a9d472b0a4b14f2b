import { quoted } from '../../envelope/echo.js';
import type { FieldSpec } from '../field-spec.js';
import { listWrittenIn, severalForOne } from '../list-text.js';
import { referenceKind } from './reference-kinds.js';
import type { Resolution } from './reference-resolver.js';

/** More names than this in one text are not looked up one by one: the answer stays the name not found. */
const MOST_NAMES = 5;

/**
 * A name not found that is a list of names, each of one record ("Hardware, Rede"): the field takes
 * one record, so the answer says so and names what each part found, instead of suggesting one of
 * them in the list's place. A search is told to call once for each. Asked only on the way to a
 * REFERENCE_NOT_FOUND answer, with the caller's scope; a list whose parts are not all found keeps
 * the answer as it was.
 */
export async function withSeveralNamesHint(
  answer: Resolution,
  spec: FieldSpec,
  value: unknown,
  searching: boolean,
  resolvePart: (part: string) => Promise<Resolution>,
): Promise<Resolution> {
  if (answer.ok || answer.issue.code !== 'REFERENCE_NOT_FOUND' || typeof value !== 'string' || !spec.ref) return answer;
  const parts = listWrittenIn(value);
  if (!parts || parts.length > MOST_NAMES) return answer;
  const found = await Promise.all(parts.map(resolvePart));
  const names: string[] = [];
  for (const part of found) {
    if (!part.ok) return answer;
    names.push(part.name);
  }
  const label = referenceKind(spec.ref).label;
  const instead = searching ? 'to search several, call once for each' : 'send one';
  const { did_you_mean: _misleading, ...issue } = answer.issue;
  return { ok: false, issue: { ...issue, message: severalForOne(spec.name, `one of the ${label}`, quoted(value), names, instead) } };
}
