/** Keys of a query language's operator object, by the form this server reads the same filter in. */
const NOT_EQUAL = new Set(['not', 'ne', 'neq', '$ne', '$not', 'not_equals', 'notEquals']);
const ONE_OF = new Set(['in', '$in']);
const NONE_OF = new Set(['nin', '$nin', 'not_in', 'notIn']);
const BOUND_SIGN: Readonly<Record<string, string>> = { gte: '>=', $gte: '>=', gt: '>', $gt: '>', lte: '<=', $lte: '<=', lt: '<', $lt: '<' };

/**
 * An enum filter's value written as a query language's operator object, as models that learnt
 * Prisma or MongoDB send it ({not: "closed"}, {$ne: 6}, {in: ["new", "pending"]}, {$nin: ["new",
 * "pending"]}, {gte: "high"}): the text or list the filter reads the same way ("not closed", the
 * list, the list ["not new", "not pending"], ">= high"). Undefined for
 * any other value, and for an object of another key or of several (what they mean together is not
 * guessed): the filter then refuses it as before.
 */
export function operatorForm(value: unknown): string | unknown[] | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length !== 1) return undefined;
  const key = keys[0];
  const operand = (value as Record<string, unknown>)[key];
  const scalar = isScalar(operand);
  if (NOT_EQUAL.has(key) && scalar) return `not ${operand}`;
  if (ONE_OF.has(key) && Array.isArray(operand)) return operand as unknown[];
  // None of several ({not: ["new", "pending"]}, {$nin: [1, 4]}): each left out, as the list ["not new", "not pending"] reads.
  if ((NOT_EQUAL.has(key) || NONE_OF.has(key)) && Array.isArray(operand) && operand.every(isScalar)) return operand.map((each) => `not ${each}`);
  if (Object.hasOwn(BOUND_SIGN, key) && scalar) return `${BOUND_SIGN[key]} ${operand}`;
  return undefined;
}

function isScalar(value: unknown): value is string | number {
  return typeof value === 'string' || typeof value === 'number';
}
