/**
 * GLPI's default priority matrix: priority from urgency (row) and impact (column), both 1..5.
 * Used when a ticket is created or its urgency/impact change and no explicit priority is given.
 */
const MATRIX: Readonly<Record<number, readonly number[]>> = {
  1: [1, 1, 2, 2, 2],
  2: [1, 2, 2, 3, 3],
  3: [2, 2, 3, 4, 4],
  4: [2, 3, 4, 4, 5],
  5: [2, 3, 4, 5, 5],
};

export function priorityFrom(urgency: number, impact: number): number {
  const row = MATRIX[urgency];
  if (!row || impact < 1 || impact > 5) throw new RangeError(`urgency ${urgency} / impact ${impact} out of 1..5`);
  return row[impact - 1];
}
