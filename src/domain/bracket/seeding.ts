/**
 * Bracket size S for `entrants` entrants: the smallest power of two >= entrants.
 * The `slots - entrants` missing seeds are byes.
 */
export function bracketSize(entrants: number): number {
  let slots = 1;
  while (slots < entrants) slots *= 2;
  return slots;
}

/**
 * Standard seed order for `slots` round-1 slots (a power of two), top to bottom.
 *
 * Built by expanding every position p into the pair (p, size + 1 - p), doubling the size each
 * step: [1] → [1, 2] → [1, 4, 2, 3] → [1, 8, 4, 5, 2, 7, 3, 6] → …. Round-1 match i takes
 * the i-th pair, so for 16 slots: 1v16, 8v9, 4v13, 5v12, 2v15, 7v10, 3v14, 6v11. Seeds 1 and 2
 * can only meet in the final, and each pair's seeds sum to S + 1, so the byes (seeds n + 1 … S)
 * face the top seeds.
 */
export function seedOrder(slots: number): number[] {
  if (!Number.isInteger(slots) || slots < 1 || (slots & (slots - 1)) !== 0) {
    throw new RangeError(`Seed order needs a power of two slot count (got ${slots})`);
  }
  let order = [1];
  for (let size = 2; size <= slots; size *= 2) {
    const next = new Array<number>(size);
    for (let i = 0; i < order.length; i++) {
      next[2 * i] = order[i];
      next[2 * i + 1] = size + 1 - order[i];
    }
    order = next;
  }
  return order;
}
