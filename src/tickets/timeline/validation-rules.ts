import { APPROVAL } from './timeline-vocabularies.js';

/**
 * A ticket's global validation from its validations' statuses, as GLPI computes it with the default
 * "minimum validation required" of 0 % (one answer decides): any granted makes it Granted, else any
 * refused makes it Refused, else it is Waiting; without validations it is Not subject to approval.
 */
export function globalValidation(statuses: readonly number[]): number {
  if (statuses.length === 0) return APPROVAL.none;
  if (statuses.includes(APPROVAL.accepted)) return APPROVAL.accepted;
  if (statuses.includes(APPROVAL.refused)) return APPROVAL.refused;
  return APPROVAL.waiting;
}
