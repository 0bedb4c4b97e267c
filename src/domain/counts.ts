/** A whole number's digits grouped in threes with commas ("1,024"), without loading a locale's data. */
export const groupThousands = (n: number) => {
  const digits = String(Math.abs(Math.trunc(n)));
  return `${n < 0 && digits !== '0' ? '-' : ''}${digits.replace(/\B(?=(\d{3})+$)/g, ',')}`;
};

/** A whole number as the site writes it: thousands grouped ("1,024"). */
export const formatCount = (n: number) => groupThousands(n);

/** "1 team", "0 teams", "1,024 entries": the count with the noun in the number it needs. */
export const countOf = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;
