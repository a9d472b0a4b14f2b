import { quoted } from '../../envelope/echo.js';
import type { Issue } from '../../envelope/issue.js';
import { referenceGroupOf, referenceKind } from './reference-kinds.js';

/**
 * What a filter's reference took: one record (`not`: every record but those with it), every record
 * a word for several stands for, several records (`not`) left out, or several named with others
 * left out beside them (`except`: "maria, not joao").
 */
export type FilterResolution =
  | { ok: true; id: number; name: string; not?: true }
  | { ok: true; ids: number[]; names: string[]; not?: true; except?: RecordsNamed }
  | { ok: false; issue: Issue };

/** Records, by id and name in the same order. */
export interface RecordsNamed {
  ids: number[];
  names: string[];
}

/** The records a word for several stands for, among those the caller may name; undefined for no such word. */
export type GroupLookup = () => Promise<{ ids: number[]; names: string[] } | undefined>;

/**
 * A filter's reference that names no record, read as its kind's word for several ("open": every
 * project state not finished; ReferenceKind.groups). A record's own name always comes first, so a
 * state named "Open" is that state. A name that is neither keeps its REFERENCE_NOT_FOUND, which
 * then also says which words the filter takes; a word that stands for no record the caller may
 * name is refused alike (an empty filter would find nothing, silently).
 */
export async function withWordsForSeveral(answer: FilterResolution, kindName: string, value: unknown, group: GroupLookup): Promise<FilterResolution> {
  const kind = referenceKind(kindName);
  if (answer.ok || answer.issue.code !== 'REFERENCE_NOT_FOUND' || !kind.groups) return answer;
  const word = referenceGroupOf(kind, value);
  const found = word ? await group() : undefined;
  if (found && found.ids.length > 0) return { ok: true, ids: found.ids, names: found.names };
  const words = kind.groups.map((g) => `'${g.word}' (${g.meaning})`).join(' or ');
  const sentence = word
    ? `'${quoted(value)}' stands for ${word.meaning}, and none of the ${kind.label} you may name is one.`
    : `This filter also takes ${words}.`;
  return { ok: false, issue: { ...answer.issue, message: `${answer.issue.message} ${sentence}` } };
}
