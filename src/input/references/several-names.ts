import { quoted } from '../../envelope/echo.js';
import type { FieldSpec } from '../field-spec.js';
import { listWrittenIn, severalForOne } from '../list-text.js';
import { keptAndLeftOut, type ListedName, readingOf, recordsOf, takesList } from './records-named.js';
import { referenceKind } from './reference-kinds.js';
import type { Resolution } from './reference-resolver.js';
import type { FilterResolution } from './words-for-several.js';

/** More names than this in one text are not looked up one by one: the answer stays the name not found. */
const MOST_NAMES = 5;

/**
 * A name not found that is a list of names, each of one record ("Hardware, Rede"). A search's filter
 * that reads lists (takesList) takes any of them, a write that takes several each of them; elsewhere
 * the field takes one record, so the answer says so and names what each part found, instead of
 * suggesting one of them in the list's place, and a search is told to call once for each. Asked only on the way to a REFERENCE_NOT_FOUND
 * answer, with the caller's scope; a list whose parts are not all found keeps the answer as it was,
 * unless a part names a record and the text's hint, if any, was a part's (hintsAPart): then each part
 * is named, the one not found with its own hint.
 */
export async function withSeveralNamesHint(
  answer: Resolution,
  spec: FieldSpec,
  value: unknown,
  searching: boolean,
  resolvePart: (part: unknown) => Promise<ListedName>,
): Promise<FilterResolution> {
  if (answer.ok || answer.issue.code !== 'REFERENCE_NOT_FOUND' || typeof value !== 'string' || !spec.ref) return answer;
  const parts = listWrittenIn(value);
  if (!parts || parts.length > MOST_NAMES) return answer;
  const keptBeside = spec.not && takesList(spec, searching) ? await keptAndLeftOut(parts, value, resolvePart) : undefined;
  if (keptBeside) return keptBeside;
  const found = await Promise.all(parts.map(resolvePart));
  if (!found.every((part) => part.ok) && !hintsAPart(answer.issue.did_you_mean, found)) return answer;
  if (takesList(spec, searching)) return recordsOf(parts, found, value, readingOf(spec));
  // A part not found is named with its own hint: the whole text's was that part's, no hint for the text.
  const names = found.map((part, i) =>
    part.ok ? namesOf(part) : `'${quoted(parts[i])}': not found${part.issue.did_you_mean ? `, did you mean '${part.issue.did_you_mean}'?` : ''}`,
  );
  const label = referenceKind(spec.ref).label;
  const instead = searching ? 'to search several, call once for each' : 'send one';
  const { did_you_mean: _misleading, ...issue } = answer.issue;
  return { ok: false, issue: { ...issue, message: severalForOne(spec.name, `one of the ${label}`, quoted(value), names, instead) } };
}

/**
 * True when a part names a record and the whole text is no misspelt name: it has no hint of its own
 * (a suggestion is a slip of a whole name, and a list is none: "me and maria"), or its hint is one
 * part's (a part's name, or what a part not found suggests). A list, then, not a misspelt name.
 */
function hintsAPart(hint: string | undefined, found: readonly ListedName[]): boolean {
  if (!found.some((part) => part.ok)) return false;
  return hint === undefined || found.some((part) => (part.ok ? namesOf(part) === hint : part.issue.did_you_mean === hint));
}

/** The name of what a part found: its record's, or those of a word for several's records. */
function namesOf(part: Extract<ListedName, { ok: true }>): string {
  return 'ids' in part ? part.names.join(', ') : part.name;
}
