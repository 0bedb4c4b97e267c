/** A whole number as the site writes it: thousands grouped ("1,024"). */
export const formatCount = (n: number) => n.toLocaleString('en-GB');

/** "1 team", "0 teams", "1,024 entries": the count with the noun in the number it needs. */
export const countOf = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;
