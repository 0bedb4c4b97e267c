/** The p-th percentile of an ascending list (NaN when empty). */
export const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);
export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
