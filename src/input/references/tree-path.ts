import { matchKey } from '../../text/normalize.js';

/** The parts of a tree record's path (completename), as match keys: "Root entity > Sede" -> root entity, sede. */
function partsOf(path: string): string[] {
  return matchKey(path)
    .split('>')
    .map((part) => part.trim());
}

/**
 * True when a part of a name (`input`, a match key's start of a word) found in a tree record's path
 * reaches into the record's own name, its last part: "Sed" or "Root entity > Se" fit
 * "Root entity > Sede"; "Root entity" or "Root" stop in the entity above it, which is another record
 * (the child of the one meant is no suggestion for it).
 */
export function reachesOwnName(input: string, path: string): boolean {
  const key = matchKey(input);
  const full = matchKey(path);
  const ownStart = full.lastIndexOf('>') + 1;
  if (ownStart === 0 || key.length === 0) return true;
  for (let at = full.indexOf(key); at >= 0; at = full.indexOf(key, at + 1)) if (at + key.length > ownStart) return true;
  return false;
}

/**
 * The text of a tree record's path that a misspelt name is compared to: its own name with as many
 * parts above it as the input names ("Sdee" -> "Sede", "Root entity > Sdee" -> "Root entity > Sede"),
 * so that a name of the record above ("Root entty") is never read as one of its children.
 */
export function pathAsDeepAs(input: string, path: string): string {
  const depth = partsOf(input).length;
  return partsOf(path).slice(-depth).join(' > ');
}
