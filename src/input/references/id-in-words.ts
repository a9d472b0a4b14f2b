import type { SearchPlan } from '../../search/search-runner.js';
import { matchKey } from '../../text/normalize.js';
import type { FieldSpec } from '../field-spec.js';
import { readId } from '../record-id.js';
import type { Resolution } from './reference-resolver.js';

/**
 * The nouns for one record of a kind, in English and pt-BR (compared without accents), that a model
 * writes before its id: "ticket 5", "chamado #12", "projeto 3".
 */
const NOUNS: Readonly<Record<string, readonly string[]>> = {
  ticket: ['ticket', 'chamado', 'incident', 'incidente', 'request', 'requisicao', 'solicitacao'],
  project: ['project', 'projeto'],
  user: ['user', 'usuario'],
  group: ['group', 'grupo'],
  entity: ['entity', 'entidade'],
  profile: ['profile', 'perfil'],
};

/** A noun, then the id: "#5", "5", "nº 5", "n. 5", "no. 5". */
const NOUN_THEN_ID = /^(\p{L}+)\s+(?:(?:n|no|nº|n°|num|number|numero)\.?\s*)?(#?\d{1,15})$/u;

/** The id `text` writes after a noun of `kind` ("ticket 5" -> 5); undefined for anything else. */
export function idWrittenIn(kind: string, text: string): number | undefined {
  const match = NOUN_THEN_ID.exec(text.trim().toLowerCase());
  if (!match || !NOUNS[kind]?.includes(matchKey(match[1]))) return undefined;
  return readId(match[2]) ?? undefined;
}

/** The id a text writes alone or after a noun of `kind` ("12", "#12", "ticket 12"); undefined for anything else. */
export function idInText(kind: string, text: string): number | undefined {
  return readId(text.trim()) ?? idWrittenIn(kind, text);
}

/** A search's probe of the id its query writes: the records' noun, the tool that reads one, and the reading (search-runner's `byId`). */
export function idProbe(noun: string, tool: string): NonNullable<SearchPlan['byId']> {
  return { noun, tool, idIn: (text) => idInText(noun, text) };
}

/**
 * A name not found that is the noun of the field's kind and an id ("ticket 5"): that record, read
 * as its id would be, when the caller may see it. Asked only on the way to a REFERENCE_NOT_FOUND
 * answer, after the text was looked up as a name (a ticket titled "Ticket 5" is that ticket).
 */
export async function withIdInWords(answer: Resolution, spec: FieldSpec, value: unknown, resolveId: (id: number) => Promise<Resolution>): Promise<Resolution> {
  if (answer.ok || answer.issue.code !== 'REFERENCE_NOT_FOUND' || typeof value !== 'string' || !spec.ref) return answer;
  const id = idWrittenIn(spec.ref, value);
  if (id === undefined) return answer;
  const found = await resolveId(id);
  return found.ok ? found : answer;
}
