/**
 * A whole number written as text may end in a zero fraction ("60.0", "3.00"): models and
 * spreadsheets write integers that way, and the number is still whole. The one pattern of it, in
 * every reading of integers given as text (integer fields, record ids); "3.5" is no whole number.
 */
export const ZERO_FRACTION = String.raw`(?:\.0+)?`;
