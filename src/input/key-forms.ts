import { matchKey } from '../text/normalize.js';

/**
 * The forms a key a model sends is compared in, one home for each: tables of keys are written in
 * the first, lists of names that may come in any case or separator in the second.
 */

/** A key as the tables of keys models send are written: lower case, `_` for spaces and dashes ("Due-Date": due_date). */
export function keyForm(key: string): string {
  return key.toLowerCase().replace(/[\s-]+/g, '_');
}

/** A key with no case, accents or separators: `fullName`, `full_name`, `full-name` and `sortOrder`, `sort_order` alike. */
export function compactKey(key: string): string {
  return matchKey(key.replace(/([a-z])([A-Z])/g, '$1_$2')).replace(/[\s_.-]+/g, '');
}
